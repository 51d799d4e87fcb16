// One jest run over every front-end package; each package is a project so
// `jest --selectProjects shared-ui` runs one alone. The server uses node's test runner.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// The remotes come from the one list of remotes (contract/remotes.json).
const remotes = require('./contract/remotes.json');
const webPackages = ['shared-ui', 'shared-api', 'sdk', 'shell', ...remotes.map((r) => r.package)];

module.exports = {
  projects: webPackages.map((name) => ({
    displayName: name,
    rootDir: `<rootDir>/${name}`,
    testEnvironment: name === 'sdk' ? 'node' : '<rootDir>/../jest.environment.js',
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
    // typebox ships ES modules only; tests that check a value against a contract schema load it.
    transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
    setupFilesAfterEnv: ['<rootDir>/../jest.setup.ts'],
    moduleNameMapper: {
      '\\.(css)$': 'identity-obj-proxy',
      '\\.(png|jpe?g|svg|webp|gif)$': '<rootDir>/../jest.fileMock.js',
      // Host tests load remotes from source, as federation would at runtime.
      ...Object.fromEntries(
        remotes.map((r) => [`^${r.name}/(.*)$`, `<rootDir>/../${r.package}/src/$1`]),
      ),
      // The contract runs from its TypeScript sources, as in webpack and tsx ('source' condition).
      '^contract$': '<rootDir>/../contract/src/index.ts',
      '^contract/rules$': '<rootDir>/../contract/src/rules.ts',
      '^contract/teams$': '<rootDir>/../contract/src/teams.ts',
      '^contract/currency$': '<rootDir>/../contract/src/currency.ts',
      '^contract/csv$': '<rootDir>/../contract/src/csv.ts',
      '^contract/group-rules$': '<rootDir>/../contract/src/group-rules.ts',
      '^contract/remotes.json$': '<rootDir>/../contract/remotes.json',
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testMatch: ['<rootDir>/src/**/*.test.(ts|tsx)'],
  })),
};
