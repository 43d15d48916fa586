/**
 * `npm run tenant:create -- --slug peluqueria-ana --name "Peluquería Ana" --admin-email ana@example.com [--admin-name "Ana"]`
 *
 * Creates a new salon (use case `lib/server/services/create-tenant.ts`): the tenant (served at
 * `{slug}.<domain>`), its facility 1 named after it, the admin account and the guest client. Idempotent:
 * a second run changes nothing and exits 0. Uses the same database as the app: PGlite in DATA_DIR
 * (default ./data; stop the app first, PGlite is single-process) or the PostgreSQL server of DATABASE_URL.
 * Migrations are applied; the demo tenant is not seeded unless SEED_DEMO=1 is set explicitly.
 * Exit codes: 0 done (or nothing to do), 1 refused or failed, 2 usage.
 * Run under `--conditions=react-server` (see package.json) so server-only modules load outside Next.
 */
import { parseArgs } from 'node:util';

const USAGE =
  'usage: npm run tenant:create -- --slug <slug> --name "<business name>" --admin-email <e-mail> [--admin-name "<name>"]';

async function main(): Promise<number> {
  let values: { slug?: string; name?: string; 'admin-email'?: string; 'admin-name'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        slug: { type: 'string' },
        name: { type: 'string' },
        'admin-email': { type: 'string' },
        'admin-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    console.error(USAGE);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.slug || !values.name || !values['admin-email']) {
    console.error(USAGE);
    return 2;
  }
  // A new salon on a fresh database must not bring the demo tenant along.
  process.env.SEED_DEMO ??= '0';

  const { getDb, closeDb } = await import('../lib/server/db/client');
  const { seedDemoIfEnabled } = await import('../lib/server/db/seed');
  const { createTenant } = await import('../lib/server/services/create-tenant');
  const { ApiError } = await import('../lib/server/errors');
  try {
    const db = await getDb();
    await seedDemoIfEnabled(db);
    const r = await createTenant(db, {
      slug: values.slug,
      name: values.name,
      adminEmail: values['admin-email'],
      ...(values['admin-name'] !== undefined ? { adminName: values['admin-name'] } : {}),
    });
    const state = (created: boolean) => (created ? 'created' : 'already there, unchanged');
    const where = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${process.env.DATA_DIR ?? './data'})`;
    console.log(`[tenant:create] database: ${where}`);
    console.log(`[tenant:create] tenant ${r.tenant.slug} "${r.tenant.name}": ${state(r.created.tenant)}`);
    console.log(`[tenant:create] facility ${r.facility.id} "${r.facility.name}": ${state(r.created.facility)}`);
    console.log(`[tenant:create] admin ${r.admin.email} (${r.admin.name}): ${state(r.created.admin)}`);
    console.log(`[tenant:create] guest ${r.guest.email}: ${state(r.created.guest)}`);
    const changed = Object.values(r.created).some(Boolean);
    console.log(`[tenant:create] ${changed ? 'done' : 'nothing to do'}: the salon is served at ${r.tenant.slug}.<your domain> (locally http://${r.tenant.slug}.localhost:3000); ${r.admin.email} signs in there`);
    return 0;
  } catch (err) {
    if (err instanceof ApiError) {
      const fields = (err.details as { fields?: { path: string; message: string }[] } | undefined)?.fields ?? [];
      if (fields.length === 0) console.error(`[tenant:create] refused: ${err.message}`);
      for (const f of fields) console.error(`[tenant:create] refused: ${f.path}: ${f.message}`);
      return 1;
    }
    console.error('[tenant:create] failed', err);
    return 1;
  } finally {
    await closeDb();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
