/**
 * Jest for the two-instance scale suite only (test/scale/*.scale.ts): it starts PgBouncer, two app
 * instances and HAProxy, so it is not part of `npm run test:unit`. Run: `npx jest -c test/scale/jest.config.mjs`.
 */
import { shared } from '../../jest.config.mjs';

const config = {
  ...shared,
  rootDir: '../..',
  testMatch: ['<rootDir>/test/scale/**/*.scale.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};

export default config;
