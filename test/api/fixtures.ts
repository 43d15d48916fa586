/**
 * Shared helpers of the API suites: fresh clients, service ids, the test calendar (a fixed `TODAY` and the
 * server clock set to it), Madrid dates relative to that day, availability and booking calls, and
 * PostgreSQL error codes. Use after `openTestDb()`.
 */
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { GET as getAvailable } from '@/app/api/v1/facility/[facilityId]/[date]/[employeeEmail]/appointments/available/route';
import { PATCH as insertAppointment } from '@/app/api/v1/schedules/insert/appointment/route';
import { getDb } from '@/lib/server/db/client';
import { services, users, type SubUser } from '@/lib/server/db/schema';
import { seedTenant } from '@/lib/server/db/seed';
import { serverNow, setClock } from '@/lib/server/clock';
import { findUserByEmail, type UserRow } from '@/lib/server/repositories/users';
import { findOrCreateByIdentity } from '@/lib/server/services/find-or-create-by-identity';
import { findTenant } from '@/lib/server/tenancy';
import { ZONE } from '@/lib/domain/time';
import { call, sessionFor } from './harness';

/** Handler start-up (PGlite, migrations, seed) can be slow on a busy machine. */
export const DB_TIMEOUT = 60_000;

/** The seed's people (lib/server/db/seed.ts). */
export const LUCIA = 'admin@klok.demo';
export const MARCOS = 'marcos@klok.demo';
export const SARA = 'sara@klok.demo';
export const ANA = 'cliente@klok.demo';
export const GUEST = 'invitado@klok.invalid';
/** An id as the API returns it. */
/** The second salon of the tenancy checks (the same demo people, @salon2.demo): the call options that reach it. */
export const SALON2 = { host: 'salon2.localhost:3000' };

/** Seeds the second salon, `salon2`, on the server clock's date (as `openTestDb` seeds `klok`). */
export async function seedSalon2(): Promise<void> {
  await seedTenant(await getDb(), 'salon2', serverNow());
}

/** Session cookies of the seed's admin (Lucía), stylist (Marcos) and client (Ana), opened in that order. */
export async function seedSessions(): Promise<{ admin: string; employee: string; client: string }> {
  const admin = await sessionFor(LUCIA);
  const employee = await sessionFor(MARCOS);
  const client = await sessionFor(ANA);
  return { admin, employee, client };
}

/** A session cookie of salon2's stylist Marcos (for `SALON2`). */
export const salon2StaffSession = () => sessionFor('marcos@salon2.demo', 'salon2');

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function tenantId(slug = 'klok'): Promise<number> {
  const t = await findTenant(slug);
  if (!t) throw new Error(`no tenant ${slug}`);
  return t.id;
}

/**
 * A client created the way a first sign-in creates one (decisions "Identity"), then given an allowance
 * and sub-users as staff would. With `onboarded`, it has also finished onboarding (a verified phone of its
 * own, the privacy policy accepted), as a client must before booking. Returns the row and a session cookie.
 */
export async function createClient(
  email: string,
  opts: { name?: string; allowance?: number; subUsers?: SubUser[]; onboarded?: boolean } = {},
): Promise<{ user: UserRow; cookie: string }> {
  const db = await getDb();
  const tid = await tenantId();
  const created = await findOrCreateByIdentity(db, tid, { email, name: opts.name ?? email.split('@')[0]! });
  if (!created) throw new Error(`could not create ${email}`);
  const patch: Partial<typeof users.$inferInsert> = {};
  if (opts.allowance !== undefined) patch.nAppointmentsAllowed = opts.allowance;
  if (opts.subUsers !== undefined) patch.subUsers = opts.subUsers;
  if (opts.onboarded) Object.assign(patch, { tlf: phoneFor(email), phoneVerified: true, privacyPolicy: true, onboardingCompleted: true });
  if (Object.keys(patch).length > 0) await db.update(users).set(patch).where(eq(users.id, created.id));
  const user = (await findUserByEmail(db, tid, email))!;
  return { user, cookie: await sessionFor(email) };
}

/** A Spanish mobile number derived from an e-mail (+34 71x xxx xxx: no other suite uses that range). */
export function phoneFor(email: string): string {
  let h = 0;
  for (const ch of email) h = (h * 31 + ch.charCodeAt(0)) % 10_000_000;
  return `+3471${String(h).padStart(7, '0')}`;
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

/**
 * The test calendar's "today": a Monday whose surrounding weeks (two before, four months after) have no
 * daylight-saving change, so day arithmetic in Madrid time never meets a 23- or 25-hour day.
 */
export const TODAY = '2027-05-03';

/** The hour of `TODAY` the test clock shows by default: before any shift opens, so the whole day is ahead. */
export const TEST_HOUR = '08:00';

/**
 * Sets the server's clock (lib/server/clock.ts) to a Madrid date and `HH:mm`, until the next call or
 * `setClock(null)`. For a test that needs another instant than its file's `pinTestClock`.
 */
export function setTestClock(date = TODAY, hhmm = TEST_HOUR): void {
  const at = Date.parse(madridInstant(date, hhmm));
  setClock(() => at);
}

/**
 * Sets the server's clock to a Madrid date and `HH:mm` (`TODAY` at `TEST_HOUR` by default) for a whole
 * test file, and restores the system clock after it. Call once at the top level of the file: the clock is
 * set at once, so the database `openTestDb` seeds in `beforeAll` is seeded on that date too.
 */
export function pinTestClock(date = TODAY, hhmm = TEST_HOUR): void {
  setTestClock(date, hhmm);
  afterAll(() => setClock(null));
}

/** `TODAY` as a Madrid start of day. */
export const madridToday = () => DateTime.fromISO(TODAY, { zone: ZONE }).startOf('day');

/** The Madrid date (YYYY-MM-DD) `days` days after `TODAY` (before it when negative). */
export const dayFromToday = (days: number) => madridToday().plus({ days }).toFormat('yyyy-MM-dd');

/**
 * Madrid dates (YYYY-MM-DD) from `fromDays` to `toDays` after `TODAY`, inclusive, whose weekday
 * (luxon: 1 = Monday … 7 = Sunday) is in `weekdays`. Monday–Friday by default.
 */
export function madridDates(fromDays: number, toDays: number, weekdays = [1, 2, 3, 4, 5]): string[] {
  const out: string[] = [];
  for (let i = fromDays; i <= toDays; i++) {
    const d = madridToday().plus({ days: i });
    if (weekdays.includes(d.weekday)) out.push(d.toFormat('yyyy-MM-dd'));
  }
  return out;
}

/**
 * The Wednesday after `TODAY`: the special closed day ("Formación") the seed gives marcos@klok.demo when it
 * runs on `TODAY` (the seed closes the next Wednesday after its own day).
 */
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
  query: { serviceDuration?: number | string; serviceId?: number; appointmentId?: string } = { serviceDuration: 30 },
  opts: { host?: string } = {},
) {
  const qs = new URLSearchParams();
  if (query.serviceDuration !== undefined) qs.set('serviceDuration', String(query.serviceDuration));
  if (query.serviceId !== undefined) qs.set('serviceId', String(query.serviceId));
  if (query.appointmentId !== undefined) qs.set('appointmentId', query.appointmentId);
  return call(getAvailable, {
    path: `/api/v1/facility/1/${date}/${encodeURIComponent(employee)}/appointments/available?${qs}`,
    params: { facilityId: '1', date, employeeEmail: employee },
    cookie,
    ...opts,
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

/* ------------------------------------------------------------------------------------------------
 * Staff side (staff-*.test.ts): agenda, staff booking, leaves, cancellation, activities, outbox.
 * Imports are hoisted; they sit here so the helpers above stay untouched.
 * ---------------------------------------------------------------------------------------------- */
import { GET as getAgendaHandler } from '@/app/api/v1/facility/[facilityId]/appointments/route';
import { GET as getActivitiesHandler } from '@/app/api/v1/facility/[facilityId]/activities/route';
import { PATCH as insertLeaveHandler } from '@/app/api/v1/schedules/insert/leave/route';
import { PATCH as deleteLeaveHandler } from '@/app/api/v1/schedules/delete/leave/route';
import { PATCH as cancelAppointmentHandler } from '@/app/api/v1/schedules/cancel/appointment/route';
import { appointments as appointmentsTable, busySlots as busySlotsTable, leaves as leavesTable, outbox as outboxTable } from '@/lib/server/db/schema';

/** Extra request options of the staff helpers: another tenant's host, extra headers. */
export type CallOpts = { host?: string; headers?: Record<string, string> };

/** The employee flow's booking body (spec section 7): `client_id` is omitted when `email` is undefined. */
export function staffBookingBody(o: { start: string; employee: string; serviceId: number; email?: string | null; name?: string }) {
  return {
    start_time: o.start,
    facility_id: 1,
    employee_id: o.employee,
    service_id: o.serviceId,
    ...(o.email !== undefined ? { client_id: o.email } : {}),
    ...(o.name !== undefined ? { client_name: o.name } : {}),
  };
}

/** `GET /api/v1/facility/1/appointments?startDate&endDate` (endDate omitted when undefined). */
export function agenda(cookie: string | undefined, startDate: string, endDate?: string, opts: CallOpts = {}) {
  const qs = new URLSearchParams({ startDate });
  if (endDate !== undefined) qs.set('endDate', endDate);
  return call(getAgendaHandler, { path: `/api/v1/facility/1/appointments?${qs}`, params: { facilityId: '1' }, cookie, ...opts });
}

/** One agenda day entry as the API answers it. */
export type AgendaItem = {
  date: string;
  employee_id: string;
  employee_name: string;
  available: boolean;
  special: boolean;
  notes: string;
  shift: { id: string; open: string; close: string }[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- appointments and leaves, read loosely
  appointments: any[];
};

/** The agenda entry of one date and stylist (throws when absent). */
export async function agendaDay(cookie: string, date: string, employee: string, opts: CallOpts = {}): Promise<AgendaItem> {
  const r = await agenda(cookie, date, date, opts);
  if (r.status !== 200) throw new Error(`agenda answered ${r.status}: ${JSON.stringify(r.body)}`);
  const day = (r.body.items as AgendaItem[]).find((i) => i.date === date && i.employee_id === employee);
  if (!day) throw new Error(`no agenda entry for ${date} ${employee}`);
  return day;
}

/** `PATCH /api/v1/schedules/insert/leave`. */
export function insertLeave(cookie: string | undefined, o: { start: string; end: string; employee: string }, opts: CallOpts = {}) {
  return call(insertLeaveHandler, {
    method: 'PATCH',
    path: '/api/v1/schedules/insert/leave',
    body: { start_time: o.start, end_time: o.end, facility_id: 1, employee_id: o.employee },
    cookie,
    ...opts,
  });
}

/** `PATCH /api/v1/schedules/delete/leave`. */
export function deleteLeave(cookie: string | undefined, o: { id: string; employee: string; date?: string }, opts: CallOpts = {}) {
  return call(deleteLeaveHandler, {
    method: 'PATCH',
    path: '/api/v1/schedules/delete/leave',
    body: { id: o.id, employee_id: o.employee, facility_id: 1, ...(o.date ? { date: o.date } : {}) },
    cookie,
    ...opts,
  });
}

/** `PATCH /api/v1/schedules/cancel/appointment` with the body the agenda sends. */
export function cancelAppointment(
  cookie: string | undefined,
  o: { id: string; employee?: string; client?: string; date?: string; notes?: string | null },
  opts: CallOpts = {},
) {
  return call(cancelAppointmentHandler, {
    method: 'PATCH',
    path: '/api/v1/schedules/cancel/appointment',
    body: {
      appointment_id: o.id,
      facility_id: 1,
      ...(o.date ? { date: o.date } : {}),
      ...(o.employee ? { employee_id: o.employee } : {}),
      ...(o.client ? { client_id: o.client } : {}),
      ...(o.notes !== undefined ? { notes: o.notes } : {}),
    },
    cookie,
    ...opts,
  });
}

/** An activity as `GET /facility/1/activities` lists it, with `data` parsed when it arrives as a JSON string. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- activity data differs per type
export type Activity = { id: number; type: string; data: Record<string, any>; seen: boolean; created_at: string };

/** `GET /api/v1/facility/1/activities?limit=100` (staff) → the newest 100 items, `data` parsed. */
export async function listActivities(cookie: string, opts: CallOpts = {}): Promise<Activity[]> {
  const r = await call(getActivitiesHandler, { path: '/api/v1/facility/1/activities?limit=100', params: { facilityId: '1' }, cookie, ...opts });
  if (r.status !== 200) throw new Error(`activities answered ${r.status}: ${JSON.stringify(r.body)}`);
  return (r.body.items as Activity[]).map((a) => ({ ...a, data: typeof a.data === 'string' ? JSON.parse(a.data) : a.data }));
}

/** The outbox rows of a tenant (default `klok`), oldest first. */
export async function outboxRows(slug = 'klok') {
  const db = await getDb();
  const rows = await db.select().from(outboxTable).where(eq(outboxTable.tenantId, await tenantId(slug)));
  return rows.sort((a, b) => a.id - b.id);
}

/** The stored row of an appointment and its busy parts (to check that nothing changed). */
export async function appointmentState(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(appointmentsTable).where(eq(appointmentsTable.id, id));
  const parts = await db.select().from(busySlotsTable).where(eq(busySlotsTable.appointmentId, id));
  return { row, parts };
}

/**
 * An appointment written straight into the database (the API refuses past starts): the `appointments`
 * row and its `busy_slots` rows: one covering it, or one per busy part of `segments` (minutes from the
 * start, as a service declares them). `set` overrides columns of the row (status, attendance, visit,
 * creation time…). Returns its id.
 */
export async function insertAppointmentRow(o: {
  employee: string;
  client: string;
  start: string;
  minutes?: number;
  serviceName?: string;
  clientName?: string;
  slug?: string;
  segments?: { startMinutes: number; endMinutes: number }[];
  set?: Partial<typeof appointmentsTable.$inferInsert>;
}): Promise<string> {
  const db = await getDb();
  const tid = await tenantId(o.slug);
  const employee = (await findUserByEmail(db, tid, o.employee))!;
  const client = (await findUserByEmail(db, tid, o.client))!;
  const name = o.serviceName ?? 'Corte de pelo';
  const [service] = await db.select().from(services).where(and(eq(services.tenantId, tid), eq(services.name, name)));
  const start = new Date(o.start);
  const end = new Date(start.getTime() + (o.minutes ?? service!.durationMinutes) * 60_000);
  const [row] = await db
    .insert(appointmentsTable)
    .values({
      tenantId: tid,
      employeeId: employee.id,
      clientId: client.id,
      userId: client.id,
      clientName: o.clientName ?? client.name,
      serviceId: service!.id,
      serviceName: service!.name,
      servicePriceCents: service!.priceCents,
      startAt: start,
      endAt: end,
      createdBy: employee.id,
      createdByRole: 'staff',
      ...o.set,
    })
    .returning({ id: appointmentsTable.id });
  const parts = (o.segments ?? [{ startMinutes: 0, endMinutes: (end.getTime() - start.getTime()) / 60_000 }]).map((s) => ({
    tenantId: tid,
    employeeId: employee.id,
    appointmentId: row!.id,
    startAt: new Date(start.getTime() + s.startMinutes * 60_000),
    endAt: new Date(start.getTime() + s.endMinutes * 60_000),
  }));
  await db.insert(busySlotsTable).values(parts);
  return row!.id;
}

/** A leave written straight into the database (`leaves` + `busy_slots`), e.g. a past one. Returns its id. */
export async function insertLeaveRow(o: { employee: string; start: string; end: string; slug?: string }): Promise<string> {
  const db = await getDb();
  const tid = await tenantId(o.slug);
  const employee = (await findUserByEmail(db, tid, o.employee))!;
  const [row] = await db
    .insert(leavesTable)
    .values({ tenantId: tid, employeeId: employee.id, startAt: new Date(o.start), endAt: new Date(o.end), createdBy: employee.id })
    .returning({ id: leavesTable.id });
  await db
    .insert(busySlotsTable)
    .values({ tenantId: tid, employeeId: employee.id, leaveId: row!.id, startAt: new Date(o.start), endAt: new Date(o.end) });
  return row!.id;
}

/** True when a stored leave still exists. */
export async function leaveExists(id: string): Promise<boolean> {
  const db = await getDb();
  return (await db.select({ id: leavesTable.id }).from(leavesTable).where(eq(leavesTable.id, id))).length > 0;
}

/** `PATCH /api/v1/schedules/insert/appointment` with extra request options (another tenant's host). */
export function bookWith(cookie: string | undefined, body: unknown, opts: CallOpts = {}) {
  return call(insertAppointment, { method: 'PATCH', path: '/api/v1/schedules/insert/appointment', body, cookie, ...opts });
}

/** The id of a seeded service by name in a given tenant. */
export async function serviceIdIn(name: string, slug: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.tenantId, await tenantId(slug)), eq(services.name, name)));
  if (!row) throw new Error(`no service ${name} in ${slug}`);
  return row.id;
}
