/**
 * `npm run db:migrate`: applies the migrations to the configured database (PGlite in DATA_DIR, or the
 * PostgreSQL server of DATABASE_URL) and exits. The demo tenant is seeded on an empty database only with
 * SEED_DEMO=1 (the start script runs this step with it before the server starts).
 * Run under `--conditions=react-server` (see package.json) so server-only modules load outside Next.
 */
async function main(): Promise<void> {
  process.env.SEED_DEMO ??= '0';
  const { closeDb, getDb } = await import('@/lib/server/db/client');
  const { seedDemoIfEnabled } = await import('@/lib/server/db/seed');
  const seeded = await seedDemoIfEnabled(await getDb());
  await closeDb();
  console.log(seeded ? '[klok] migrations applied; demo tenant seeded on an empty database' : '[klok] migrations applied');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
