// shared-api/testing: the fake API server and the contract-typed fixtures of component tests.
export * from './fakeApi';
export * from './fixtures';
export * from './renderArea';
