// Every test builder, composed from one module's builders each: import from here.
export * from './builders/auth';
export * from './builders/billing';
export * from './builders/clients';
export * from './builders/crash-reports';
export * from './builders/r8-mapping';
export * from './builders/settings';
export * from './builders/updates';
export * from './builders/uploads';
export * from './builders/users';
export * from './http';
export * from './test-context';
