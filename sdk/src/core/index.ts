export * from './types';
export * from './http';
