export * from './app-info';
export * from './errors';
export * from './permissions';
