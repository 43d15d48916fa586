/**
 * Shared helpers of the API suites: fresh clients, service ids, Madrid dates relative to now,
 * availability and booking calls, and PostgreSQL error codes. Use after `openTestDb()`.
 */
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { GET as getAvailable } from '@/app/api/v1/facility/[facilityId]/[date]/[employeeEmail]/appointments/available/route';
import { PATCH as insertAppointment } from '@/app/api/v1/schedules/insert/appointment/route';
import { getDb } from '@/lib/server/db/client';
import { services, users, type SubUser } from '@/lib/server/db/schema';
import { findOrCreateByIdentity, findUserByEmail, type UserRow } from '@/lib/server/repositories/users';
import { findTenant } from '@/lib/server/tenancy';
import { ZONE } from '@/lib/domain/time';
import { call, sessionFor } from './harness';

/** Handler start-up (PGlite, migrations, seed) can be slow on a busy machine. */
export const DB_TIMEOUT = 60_000;

export async function tenantId(slug = 'klok'): Promise<number> {
  const t = await findTenant(slug);
  if (!t) throw new Error(`no tenant ${slug}`);
  return t.id;
}

/**
 * A client created the way a first sign-in creates one (decisions "Identity"), then given an allowance
 * and sub-users as staff would. Returns the row and a session cookie.
 */
export async function createClient(
  email: string,
  opts: { name?: string; allowance?: number; subUsers?: SubUser[] } = {},
): Promise<{ user: UserRow; cookie: string }> {
  const db = await getDb();
  const tid = await tenantId();
  const created = await findOrCreateByIdentity(db, tid, { email, name: opts.name ?? email.split('@')[0]! });
  if (!created) throw new Error(`could not create ${email}`);
  const patch: Partial<typeof users.$inferInsert> = {};
  if (opts.allowance !== undefined) patch.nAppointmentsAllowed = opts.allowance;
  if (opts.subUsers !== undefined) patch.subUsers = opts.subUsers;
  if (Object.keys(patch).length > 0) await db.update(users).set(patch).where(eq(users.id, created.id));
  const user = (await findUserByEmail(db, tid, email))!;
  return { user, cookie: await sessionFor(email) };
}

/** The id of a seeded service by name. */
export async function serviceId(name: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.tenantId, await tenantId()), eq(services.name, name)));
  if (!row) throw new Error(`no service ${name}`);
  return row.id;
}

/** Today in Madrid. */
export const madridToday = () => DateTime.now().setZone(ZONE).startOf('day');

/**
 * Madrid dates (YYYY-MM-DD) from `fromDays` to `toDays` after today, inclusive, whose weekday
 * (luxon: 1 = Monday … 7 = Sunday) is in `weekdays`. Monday–Friday by default.
 */
export function madridDates(fromDays: number, toDays: number, weekdays = [1, 2, 3, 4, 5]): string[] {
  const today = madridToday();
  const out: string[] = [];
  for (let i = fromDays; i <= toDays; i++) {
    const d = today.plus({ days: i });
    if (weekdays.includes(d.weekday)) out.push(d.toFormat('yyyy-MM-dd'));
  }
  return out;
}

/** The next Wednesday strictly after today (the seeded closed day of marcos@klok.demo). */
export function nextWednesday(): string {
  const today = madridToday();
  return today.plus({ days: (3 - today.weekday + 7) % 7 || 7 }).toFormat('yyyy-MM-dd');
}

/** An instant as UTC ISO from a Madrid date and `HH:mm`. */
export function madridInstant(date: string, hhmm: string): string {
  return DateTime.fromISO(`${date}T${hhmm}`, { zone: ZONE }).toUTC().toISO()!;
}

/** Madrid `HH:mm` of a UTC ISO instant. */
export const madridHHmm = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toFormat('HH:mm');

export type Hour = { id: string; start_time: string; end_time: string };

/** `GET .../{date}/{employee}/appointments/available` with a duration or a service id. */
export function availability(
  cookie: string | undefined,
  date: string,
  employee: string,
  query: { serviceDuration?: number | string; serviceId?: number } = { serviceDuration: 30 },
) {
  const qs = new URLSearchParams();
  if (query.serviceDuration !== undefined) qs.set('serviceDuration', String(query.serviceDuration));
  if (query.serviceId !== undefined) qs.set('serviceId', String(query.serviceId));
  return call(getAvailable, {
    path: `/api/v1/facility/1/${date}/${encodeURIComponent(employee)}/appointments/available?${qs}`,
    params: { facilityId: '1', date, employeeEmail: employee },
    cookie,
  });
}

/** The offered hours of a stylist on a date, flattened. */
export async function offeredHours(
  cookie: string,
  date: string,
  employee: string,
  query?: { serviceDuration?: number; serviceId?: number },
): Promise<Hour[]> {
  const r = await availability(cookie, date, employee, query);
  if (r.status !== 200) throw new Error(`availability answered ${r.status}: ${JSON.stringify(r.body)}`);
  return (r.body.items as { hours: Hour[] }[]).flatMap((g) => g.hours);
}

/** `PATCH /api/v1/schedules/insert/appointment` with a client session. */
export function book(cookie: string | undefined, body: unknown) {
  return call(insertAppointment, { method: 'PATCH', path: '/api/v1/schedules/insert/appointment', body, cookie });
}

/** The client flow's booking body for `client` (itself unless `userId` names a sub-user). */
export function bookingBody(
  client: { email: string; id: string; name: string },
  o: { start: string; employee: string; serviceId: number; userId?: string; userName?: string },
) {
  return {
    start_time: o.start,
    facility_id: 1,
    employee_id: o.employee,
    service_id: o.serviceId,
    client_id: client.email,
    user_id: o.userId ?? client.id,
    user_name: o.userName ?? client.name,
  };
}

/** The PostgreSQL SQLSTATE of a failure, from either driver (possibly wrapped by drizzle). */
export function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs a database write and returns the SQLSTATE it failed with, or 'ok'. */
export async function sqlState(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (err) {
    return pgCode(err) ?? `unexpected: ${String(err)}`;
  }
}
