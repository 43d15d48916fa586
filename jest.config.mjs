/** Jest: TypeScript through @swc/jest; ESM-only auth packages are transformed too. */
const config = {
  testEnvironment: 'node',
  // One migrated embedded database for the run, which each API test file starts from (test/api/harness.ts).
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose|oidc-provider|@apidevtools)/)'],
  moduleNameMapper: {
    '^server-only$': '<rootDir>/test/stubs/empty.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/.next/'],
};

export default config;
