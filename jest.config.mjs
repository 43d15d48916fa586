/** Jest: TypeScript through @swc/jest; ESM-only auth packages are transformed too. */
const config = {
  testEnvironment: 'node',
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
