/** Jest global teardown: removes the migrated cluster dump of test/global-setup.mjs. */
import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  const file = globalThis.__klokPgliteTemplate;
  if (file) await rm(file, { force: true });
}
