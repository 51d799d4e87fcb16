export * from './roles';
export * from './user';
export * from './brand';
export * from './product';
export * from './campaign';
