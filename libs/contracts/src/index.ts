export * from './errors';
export * from './permissions';
