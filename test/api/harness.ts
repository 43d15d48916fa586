/**
 * Test harness for the API route handlers: a fresh database per test file (PGlite in memory by default,
 * or the PostgreSQL server of TEST_DATABASE_URL with a fresh schema), the demo seed, sessions for the
 * demo accounts, and `call()` that invokes a handler the way Next.js does.
 */
import { NextRequest } from 'next/server';
import { readFile } from 'node:fs/promises';
import { closeDb, getDb, startInMemoryFrom, type Db } from '@/lib/server/db/client';
import { seedDemo } from '@/lib/server/db/seed';
import { serverNow } from '@/lib/server/clock';
import { appointments } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/auth/session';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { findTenant } from '@/lib/server/tenancy';
import { SESSION_COOKIE } from '@/lib/tenant-host';

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * Prepares the environment and opens a fresh seeded database; call at the top of a test file.
 * The seed runs on the server clock's date (`pinTestClock` in test/api/fixtures.ts sets it), so its
 * relative data (Marcos's closed Wednesday, the sample agenda) lands around the file's test date.
 * The seed's sample appointments are removed unless `keepSeedAgenda`, so tests start from free agendas.
 */
export async function openTestDb(opts: { keepSeedAgenda?: boolean } = {}): Promise<Db> {
  if (process.env.TEST_DATABASE_URL) {
    const { Client } = await import('pg');
    const name = `klok_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    createdDatabase = name;
  } else {
    process.env.DATA_DIR = 'memory://';
    // The migrated cluster Jest's global setup dumped once for the run (test/global-setup.mjs).
    const template = process.env.KLOK_PGLITE_TEMPLATE;
    if (template) startInMemoryFrom(new Blob([await readFile(template)]));
  }
  const db = await getDb();
  await seedDemo(db, 'klok', serverNow());
  if (!opts.keepSeedAgenda) await db.delete(appointments);
  return db;
}

let createdDatabase: string | undefined;

/** Closes the database and drops the per-file PostgreSQL database, if one was created. */
export async function closeTestDb(): Promise<void> {
  await closeDb();
  if (createdDatabase && process.env.TEST_DATABASE_URL) {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${createdDatabase}`);
    await admin.end();
    createdDatabase = undefined;
  }
}

/** A session cookie for a user of a tenant (default `klok`). */
export async function sessionFor(email: string, tenant = 'klok'): Promise<string> {
  const db = await getDb();
  const t = await findTenant(tenant);
  const user = await findUserByEmail(db, t!.id, email);
  if (!user) throw new Error(`no user ${email}`);
  const { token } = await createSession(t!.id, user.id);
  return `${SESSION_COOKIE}=${token}`;
}

/** Calls a route handler; returns status, the parsed JSON body (null when empty or not JSON) and the answer's text. */
export async function call(
  handler: Handler,
  opts: {
    method?: string;
    path: string;
    params?: Record<string, string>;
    body?: unknown;
    cookie?: string;
    host?: string;
    headers?: Record<string, string>;
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
): Promise<{ status: number; body: any; text: string; res: Response }> {
  const headers: Record<string, string> = { host: opts.host ?? 'localhost:3000', ...(opts.headers ?? {}) };
  if (opts.cookie) headers.cookie = opts.cookie;
  // JSON unless the test sends its own content type (e.g. to check that others are refused).
  if (opts.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  const req = new NextRequest(`http://${headers.host}${opts.path}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  // The bytes decoded as they are: `res.text()` would drop a leading byte order mark (the CSV's).
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  const json = /^application\/(.+\+)?json/i.test(res.headers.get('content-type') ?? 'application/json');
  return { status: res.status, body: text && json ? JSON.parse(text) : null, text, res };
}
