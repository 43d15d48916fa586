/**
 * Jest: TypeScript through @swc/jest; ESM-only auth packages are transformed too.
 *
 * Two projects. `unit` holds the tests that open no database (domain rules, formatting, components, the
 * browser's API client, the edge and security helpers) and runs in seconds without any setup:
 * `npm run test:pure`. `db` holds the tests that open one (test/api and test/schema through
 * test/api/harness.ts, lib/server/db), with the global setup that migrates the embedded database once.
 * `npm run test:unit` runs both; a path filter (`npm run test:unit -- test/api`) picks files across them.
 */

/** What every project, and test/scale/jest.config.mjs, shares. */
export const shared = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose|oidc-provider|@apidevtools|intl-messageformat|@formatjs)/)'],
  moduleNameMapper: {
    '^server-only$': '<rootDir>/test/stubs/empty.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
};

/** Tests that open a database: they belong to the `db` project. */
const dbTests = ['<rootDir>/test/', '<rootDir>/lib/server/db/'];

const config = {
  // One worker per core, two on CI's two cores (Jest's default leaves one core idle): the database suites
  // spend much of their time waiting on PostgreSQL, and each file opens its own database.
  maxWorkers: '100%',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/.next', ...dbTests],
    },
    {
      ...shared,
      displayName: 'db',
      roots: ['<rootDir>/test/', '<rootDir>/lib/server/db/'],
      testPathIgnorePatterns: ['/node_modules/', '/test/scale/'],
      // One migrated embedded database for the run, which each API test file starts from (test/api/harness.ts).
      globalSetup: '<rootDir>/test/global-setup.mjs',
      globalTeardown: '<rootDir>/test/global-teardown.mjs',
    },
  ],
};

export default config;
