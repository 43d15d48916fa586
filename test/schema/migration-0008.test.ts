/**
 * Migration 0008 (composite keys, time-window indexes, users.given_name) applies to a database
 * that already holds data: the demo seed is written at migration 0007, then 0008 runs and keeps every row.
 * Runs on PGlite, or on the PostgreSQL server of TEST_DATABASE_URL (a scratch database).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from '@/lib/server/db/client';
import { seedDemo } from '@/lib/server/db/seed';
import { DB_TIMEOUT } from '../api/fixtures';

jest.setTimeout(DB_TIMEOUT);

/** A copy of the migrations folder holding only the migrations before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'klok-mig-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  const idx = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  expect(idx).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, idx);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

type Engine = { db: Db; migrate: (folder: string) => Promise<void>; close: () => Promise<void> };

async function openEngine(): Promise<Engine> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { Client, Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const name = `klok_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const pool = new Pool({ connectionString: u.toString(), max: 1 });
    const db = drizzle(pool) as unknown as Db;
    return {
      db,
      migrate: (folder) => migrate(drizzle(pool), { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(undefined, { extensions: { btree_gist } });
  const db = drizzle(client) as unknown as Db;
  return { db, migrate: (folder) => migrate(db, { migrationsFolder: folder }), close: () => client.close() };
}

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['tenants', 'users', 'services', 'employee_services', 'appointments', 'busy_slots', 'leaves', 'week_shifts', 'activities', 'outbox']) {
    const r = (await db.execute(sql.raw(`select count(*)::int as n from "${t}"`))) as unknown as { rows?: { n: number }[] } | { n: number }[];
    out[t] = (Array.isArray(r) ? r : r.rows!)[0]!.n;
  }
  return out;
}

test('0008 applies on a database seeded at 0007 and keeps every row', async () => {
  const engine = await openEngine();
  const old = migrationsBefore('0008_distribution');
  try {
    await engine.migrate(old);
    // The seed code knows columns added later (users.given_name by 0008, the holds' columns of busy_slots by
    // 0013, appointments.visit_id and services.position by 0014, attendance and booking_blocked by 0016, confirm or release by 0017, the WhatsApp opening by 0020, WhatsApp marks and outbox ids by 0021, the weekly summary setting by 0023): give the 0007 tables the columns while
    // seeding, then remove them again, so the database is exactly a 0007 one with data.
    const later = [
      ['users', 'given_name text'],
      ['busy_slots', 'hold_id uuid'],
      ['busy_slots', 'expires_at timestamptz'],
      ['appointments', 'visit_id uuid'],
      ['services', 'position integer not null default 0'],
      ['users', 'booking_blocked boolean not null default false'],
      ['appointments', 'attendance text'],
      ['appointments', 'attendance_marked_at timestamptz'],
      ['appointments', 'attendance_marked_by uuid'],
      ['appointments', 'late_cancellation boolean not null default false'],
      ['tenants', 'confirmation_enabled boolean not null default true'],
      ['tenants', 'confirmation_request_hours integer not null default 48'],
      ['tenants', 'confirmation_cutoff_hours integer not null default 12'],
      ['appointments', "confirmation text not null default 'not_required'"],
      ['appointments', 'confirmation_requested_at timestamptz'],
      ['appointments', 'confirmation_cutoff_at timestamptz'],
      ['appointments', 'confirmation_step_at timestamptz'],
      ['appointments', 'cancelled_via text'],
      ['appointments', 'whatsapp_opened_at timestamptz'],
      ['users', 'whatsapp_opted_out_at timestamptz'],
      ['users', 'whatsapp_invalid_at timestamptz'],
      ['outbox', 'provider_message_id text'],
      ['outbox', 'delivery_status text'],
      ['tenants', 'weekly_summary_email boolean not null default true'],
    ];
    for (const [table, column] of later) await engine.db.execute(sql.raw(`alter table ${table} add column ${column}`));
    await seedDemo(engine.db);
    for (const [table, column] of later) await engine.db.execute(sql.raw(`alter table ${table} drop column ${column!.split(' ')[0]}`));
    const before = await counts(engine.db);
    expect(before.appointments).toBeGreaterThan(0);
    expect(before.busy_slots).toBeGreaterThan(0);

    await engine.migrate(MIGRATIONS_FOLDER);

    expect(await counts(engine.db)).toEqual(before);
    const r = (await engine.db.execute(sql`
      select conname::text as name from pg_constraint where conname in ('users_pk', 'appointments_service_fk', 'busy_slots_appointment_fk')
      union all select indexrelid::regclass::text from pg_index where indexrelid::regclass::text in ('appointments_window', 'leaves_window')
      order by 1`)) as unknown as { rows?: { name: string }[] } | { name: string }[];
    expect((Array.isArray(r) ? r : r.rows!).map((x) => x.name)).toEqual([
      'appointments_service_fk',
      'appointments_window',
      'busy_slots_appointment_fk',
      'leaves_window',
      'users_pk',
    ]);
  } finally {
    fs.rmSync(old, { recursive: true, force: true });
    await engine.close();
  }
});
