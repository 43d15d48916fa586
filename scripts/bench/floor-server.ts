/**
 * The floor server of the availability bench: what `GET /api/v1/facility/1/{date}/{employeeEmail}
 * /appointments/available?serviceDuration=&serviceId=` costs with nothing but `node:http`, a `pg` Pool
 * (10 connections, as the app's) and the project's pure booking functions from lib/domain. It makes the
 * same SQL reads the app makes — tenant by host, session by cookie hash with its user (and the app's
 * five-minute touch), stylist by e-mail, service, weekly shifts and the date's special shift, busy ranges —
 * and answers the byte-identical JSON body. Anything else (other paths, a missing session, errors) gets a
 * minimal JSON error: the bench only measures the happy path and checks bodies before measuring.
 *
 *   node --import tsx scripts/bench/floor-server.ts   env: DATABASE_URL, PORT, DEFAULT_TENANT (klok)
 *
 * No rate limit, no validation library, no framework: the floor, not a competitor.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { Pool } from 'pg';
import {
  availableStarts,
  clientWindowEnd,
  groupByHour,
  openIntervals,
  segmentsOf,
  type BusySegment,
  type SpecialShift,
  type WeekShift,
} from '../../lib/domain/availability';
import { DAY_MS, madridWallClock, MINUTE_MS } from '../../lib/domain/time';
import { SESSION_COOKIE, tenantSlugFromHost } from '../../lib/tenant-host';

const IDLE_MS = 14 * DAY_MS;
const TOUCH_EVERY_MS = 5 * MINUTE_MS;
const PATH = /^\/api\/v1\/facility\/1\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/appointments\/available$/;

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const defaultTenant = process.env.DEFAULT_TENANT ?? 'klok';

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(text);
}

function cookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** Answers one availability request; null when the path or a lookup does not match (404/401). */
async function available(req: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
  const url = new URL(req.url ?? '/', 'http://floor');
  const m = PATH.exec(url.pathname);
  if (!m) return { status: 404, body: { error: { code: 'not_found', message: 'not found' } } };
  const date = m[1]!;
  const email = decodeURIComponent(m[2]!).trim().toLowerCase();
  const duration = Number(url.searchParams.get('serviceDuration'));
  const serviceId = url.searchParams.has('serviceId') ? Number(url.searchParams.get('serviceId')) : undefined;

  const slug = tenantSlugFromHost(req.headers.host ?? null, defaultTenant);
  const tenant = (await pool.query('select * from tenants where slug = $1 limit 1', [slug])).rows[0] as { id: number } | undefined;
  if (!tenant) return { status: 404, body: { error: { code: 'tenant_not_found', message: 'tenant' } } };
  const token = cookie(req.headers.cookie, SESSION_COOKIE);
  if (!token) return { status: 401, body: { error: { code: 'unauthenticated', message: 'session' } } };
  const now = Date.now();
  const sid = createHash('sha256').update(token).digest('hex');
  const user = (
    await pool.query(
      `select u.id, u.tenant_id, u.email, u.name, u.role, s.last_used_at
         from sessions s inner join users u on u.id = s.user_id
        where s.id = $1 and s.tenant_id = $2 and s.expires_at > $3 and s.last_used_at > $4 and u.deleted_at is null
        limit 1`,
      [sid, tenant.id, new Date(now), new Date(now - IDLE_MS)],
    )
  ).rows[0] as { role: string; last_used_at: Date } | undefined;
  if (!user) return { status: 401, body: { error: { code: 'unauthenticated', message: 'session' } } };
  if (user.last_used_at.getTime() < now - TOUCH_EVERY_MS) {
    await pool.query('update sessions set last_used_at = $1 where id = $2', [new Date(now), sid]);
  }
  const employee = (
    await pool.query(
      `select id, email, name from users
        where tenant_id = $1 and email = $2 and role in ('employee', 'admin')
          and not exists (select 1 from employee_profiles where employee_profiles.user_id = users.id and employee_profiles.removed_at is not null)
        limit 1`,
      [tenant.id, email],
    )
  ).rows[0] as { id: string } | undefined;
  if (!employee) return { status: 404, body: { error: { code: 'not_found', message: 'employee' } } };
  let segments: BusySegment[] | null = null;
  let minutes = duration;
  if (serviceId !== undefined) {
    const service = (
      await pool.query('select * from services where tenant_id = $1 and id = $2 and deleted_at is null limit 1', [tenant.id, serviceId])
    ).rows[0] as { duration_minutes: number; busy_slots: BusySegment[] } | undefined;
    if (!service) return { status: 404, body: { error: { code: 'not_found', message: 'service' } } };
    segments = service.busy_slots;
    minutes = service.duration_minutes;
  }
  const [week, special] = await Promise.all([
    pool.query('select day, open_minute, close_minute from week_shifts where tenant_id = $1 and employee_id = $2', [tenant.id, employee.id]),
    pool.query(
      "select id, tenant_id, employee_id, to_char(date, 'YYYY-MM-DD') as date, available, shifts, notes from special_shifts where tenant_id = $1 and employee_id = $2 and date = $3 limit 1",
      [tenant.id, employee.id, date],
    ),
  ]);
  const weekShifts: WeekShift[] = week.rows.map((r: { day: number; open_minute: number; close_minute: number }) => ({
    day: r.day,
    openMinute: r.open_minute,
    closeMinute: r.close_minute,
  }));
  const s = special.rows[0] as { date: string; available: boolean; shifts: SpecialShift['shifts'] } | undefined;
  const open = openIntervals(date, weekShifts, s ? { date: s.date, available: s.available, shifts: s.shifts } : null);
  if (open.length === 0) return { status: 200, body: { items: [] } };
  const dayStart = madridWallClock(date, 0);
  const dayEnd = madridWallClock(date, 1440);
  const busy = (
    await pool.query(
      `select start_at, end_at from busy_slots
        where tenant_id = $1 and employee_id = $2 and active = true and start_at < $3 and end_at > $4`,
      [tenant.id, employee.id, new Date(dayEnd + DAY_MS), new Date(dayStart)],
    )
  ).rows.map((r: { start_at: Date; end_at: Date }) => ({ start: r.start_at.getTime(), end: r.end_at.getTime() }));
  const isStaff = user.role === 'employee' || user.role === 'admin';
  const starts = availableStarts({
    date,
    open,
    busy,
    durationMinutes: minutes,
    segments: segmentsOf(minutes, segments),
    now,
    until: isStaff ? null : clientWindowEnd(now),
  });
  return { status: 200, body: { items: groupByHour(starts, minutes) } };
}

const server = http.createServer((req, res) => {
  available(req).then(
    ({ status, body }) => send(res, status, body),
    (err: unknown) => {
      console.error('[floor]', err);
      send(res, 500, { error: { code: 'internal', message: 'internal' } });
    },
  );
});
const port = Number(process.env.PORT ?? 3432);
server.listen(port, '127.0.0.1', () => console.error(`[floor] listening on http://127.0.0.1:${port}`));
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
