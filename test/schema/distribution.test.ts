/**
 * Distribution-ready schema: the tables can be distributed by `tenant_id` (Citus,
 * deploy/citus.sql) only if every primary key, unique index, exclusion constraint and foreign key between
 * tenant tables includes `tenant_id`. This test reads the migrated database's catalog (pg_catalog, the same
 * on PGlite and on the PostgreSQL server of TEST_DATABASE_URL) so a new table or key that breaks the rule
 * fails CI. It also checks what the composite keys change for users of the API: a row cannot point
 * to another salon's row, and deleting a service keeps its appointments (only `service_id` is cleared).
 */
import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { appointments, services } from '@/lib/server/db/schema';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { closeTestDb, openTestDb } from '../api/harness';
import { DB_TIMEOUT, insertAppointmentRow, seedSalon2, sqlState, tenantId } from '../api/fixtures';

jest.setTimeout(DB_TIMEOUT);

/**
 * Tables without `tenant_id`, and why they are not distributed by it:
 * - tenants: the tenant list itself, a small reference table (replicated to every node);
 * - rate_limits: counters keyed by a hash of IP/phone/user (`<limiter>:<key>`), not per tenant; on Citus
 *   it is distributed by `key` (or replaced by Redis with REDIS_URL, the recommended setup).
 */
const NOT_TENANT_SCOPED = ['rate_limits', 'tenants'];

let db: Db;

beforeAll(async () => {
  await openTestDb();
  db = await getDb();
  await seedSalon2();
}, DB_TIMEOUT);
afterAll(closeTestDb);

type Row = Record<string, unknown>;
async function rows<T = Row>(query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/** Every constraint (p, u, x, f) of the public tables with its columns and, for foreign keys, the referenced ones. */
async function constraints() {
  return rows<{ table: string; name: string; type: string; cols: string[]; ref_table: string | null; ref_cols: string[] | null }>(sql`
    select c.conrelid::regclass::text as "table", c.conname as name, c.contype::text as type,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
      c.confrelid::regclass::text as ref_table,
      case when c.contype = 'f' then array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) end as ref_cols
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where t.relnamespace = 'public'::regnamespace and c.contype in ('p', 'u', 'x', 'f')
    order by 1, 2`);
}

async function tables() {
  const all = await rows<{ name: string; tenant: boolean }>(sql`
    select c.relname::text as name,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant
    from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`);
  return { tenant: all.filter((t) => t.tenant).map((t) => t.name), other: all.filter((t) => !t.tenant).map((t) => t.name) };
}

describe('the catalog: every key of a tenant table includes tenant_id', () => {
  test('only the listed exceptions lack tenant_id, and there are tenant tables to check', async () => {
    const { tenant, other } = await tables();
    expect(other).toEqual(NOT_TENANT_SCOPED);
    expect(tenant).toEqual(expect.arrayContaining(['users', 'appointments', 'busy_slots', 'services', 'sessions', 'outbox']));
  });

  test('every tenant table has a primary key that includes tenant_id', async () => {
    const { tenant } = await tables();
    const pks = new Map((await constraints()).filter((c) => c.type === 'p').map((c) => [c.table, c.cols]));
    const offenders = tenant.filter((t) => !pks.get(t)?.includes('tenant_id')).map((t) => `${t}: ${JSON.stringify(pks.get(t) ?? null)}`);
    expect(offenders).toEqual([]);
  });

  test('every unique index and unique/exclusion constraint of a tenant table includes tenant_id', async () => {
    const { tenant } = await tables();
    const unique = await rows<{ table: string; index: string; cols: string[] }>(sql`
      select t.relname::text as "table", i.relname::text as index,
        array(select a.attname::text from unnest(x.indkey::int2[]) k(n)
              join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n) as cols
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relnamespace = 'public'::regnamespace and x.indisunique`);
    const offenders = unique.filter((u) => tenant.includes(u.table) && !u.cols.includes('tenant_id')).map((u) => `${u.table}.${u.index}`);
    expect(offenders).toEqual([]);
    // The check covers real indexes: the users' unique e-mail per tenant is one of them.
    expect(unique.map((u) => u.index)).toEqual(expect.arrayContaining(['users_tenant_email', 'outbox_tenant_dedupe']));

    const exclusion = (await constraints()).filter((c) => c.type === 'x');
    expect(exclusion.map((c) => c.name)).toEqual(['busy_slots_no_overlap']);
    expect(exclusion[0]!.cols).toContain('tenant_id');
  });

  test('every foreign key between tenant tables pairs tenant_id with tenant_id', async () => {
    const { tenant } = await tables();
    const fks = (await constraints()).filter((c) => c.type === 'f' && tenant.includes(c.table));
    // Foreign keys to the reference table `tenants` are fine on Citus; all the others must be tenant-keyed.
    const between = fks.filter((f) => f.ref_table !== 'tenants');
    expect(between.length).toBeGreaterThanOrEqual(18);
    const offenders = between
      .filter((f) => {
        const i = f.cols.indexOf('tenant_id');
        return !tenant.includes(f.ref_table!) || i < 0 || f.ref_cols![i] !== 'tenant_id';
      })
      .map((f) => `${f.table}.${f.name} (${f.cols.join(',')}) -> ${f.ref_table}(${f.ref_cols!.join(',')})`);
    expect(offenders).toEqual([]);
    const toTenants = fks.filter((f) => f.ref_table === 'tenants');
    expect(toTenants.every((f) => f.cols.length === 1 && f.cols[0] === 'tenant_id')).toBe(true);
  });
});

describe('what the composite keys guarantee', () => {
  test('a row cannot point to another salon\u2019s stylist or client (23503)', async () => {
    const klok = await tenantId('klok');
    const salon2 = await tenantId('salon2');
    const foreignStylist = (await findUserByEmail(db, salon2, 'marcos@salon2.demo'))!;
    const client = (await findUserByEmail(db, klok, 'cliente@klok.demo'))!;
    const state = await sqlState(() =>
      db.insert(appointments).values({
        tenantId: klok,
        employeeId: foreignStylist.id,
        clientId: client.id,
        userId: client.id,
        clientName: client.name,
        serviceName: 'Corte de pelo',
        servicePriceCents: 1500,
        startAt: new Date('2031-03-03T10:00:00Z'),
        endAt: new Date('2031-03-03T10:30:00Z'),
        createdBy: client.id,
        createdByRole: 'client',
      }),
    );
    expect(state).toBe('23503');
  });

  test('deleting a service keeps its appointments and clears only service_id (ON DELETE SET NULL (service_id))', async () => {
    const klok = await tenantId('klok');
    const [service] = await db
      .insert(services)
      .values({ tenantId: klok, name: 'Servicio temporal', priceCents: 1000, durationMinutes: 30, busySlots: [] })
      .returning({ id: services.id });
    const id = await insertAppointmentRow({ employee: 'marcos@klok.demo', client: 'cliente@klok.demo', start: '2031-03-04T10:00:00Z' });
    await db.update(appointments).set({ serviceId: service!.id }).where(eq(appointments.id, id));
    await db.delete(services).where(and(eq(services.tenantId, klok), eq(services.id, service!.id)));
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ tenantId: klok, serviceId: null, serviceName: 'Corte de pelo' });
  });
});

describe('the rate-limit counters', () => {
  test('live in an unlogged table: no WAL (and no WAL flush) for the upsert every API request makes (migration 0009)', async () => {
    const [table] = await rows<{ persistence: string }>(sql`select relpersistence::text as persistence from pg_class where relname = 'rate_limits'`);
    expect(table?.persistence).toBe('u');
  });
});
