/**
 * The Monday e-mail to the admins, "Resumen de la semana" (beyond-the-spec section 6): a per-tenant setting
 * (`tenants.weekly_summary_email`, on by default). On Monday from 08:00 in Madrid each admin of a tenant with
 * the setting on gets one e-mail with last week's figures (Monday to Sunday), the change against the week
 * before and the free hours of the week that starts, with a link to Resumen.
 *
 * The figures are the owner's summary itself (lib/server/services/summary-report.ts `summaryOf`, over
 * lib/domain/summary.ts), so the e-mail and the screen never disagree: last week, the week before, and the
 * week ahead, whose occupancy rows give each stylist's scheduled minutes (`scheduledMinutes`) and booked
 * minutes; free time is their difference.
 *
 * `queueWeeklySummaries` runs every 15 minutes from the delivery worker. Outside Monday 08:00–24:00 it reads
 * nothing. On Monday a cross-tenant read (no locks) lists the admins of the tenants with the setting on; then
 * tenant by tenant (every statement names its tenant: Citus) it skips the tenant when every admin's message
 * is already in the outbox, and otherwise computes the figures once and queues the e-mails with the outbox
 * key `weekly-summary:{monday}:{adminId}`, so a message goes once per admin and week even when two workers
 * run the scan at the same moment (the outbox's unique key keeps the first; the other inserts nothing). An
 * admin added later on Monday gets the e-mail at the next pass.
 */
import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { periodOf, previousPeriod } from '@/lib/domain/summary';
import { addDays, madridDate, madridWallClock, MINUTE_MS, mondayOf } from '@/lib/domain/time';
import { getDb, type Db } from '@/lib/server/db/client';
import { facilities, outbox, tenants, users } from '@/lib/server/db/schema';
import { staffOfTenant } from '@/lib/server/repositories/reports';
import { summaryOf } from '@/lib/server/services/summary-report';
import { tenantOrigin } from '@/lib/server/tenancy';
import { queueEmails } from './outbox';
import { weeklySummaryEmail } from './templates';

/** How often the worker runs the scan (ms). */
export const WEEKLY_SUMMARY_SCAN_MS = 15 * MINUTE_MS;
/** The Madrid time on Monday from which the e-mail goes (minutes after midnight): 08:00. */
export const WEEKLY_SUMMARY_FROM_MINUTE = 8 * 60;

/** The outbox key of an admin's e-mail of the week starting on `monday` (a Madrid date). */
export const weeklySummaryKey = (monday: string, adminId: string) => `weekly-summary:${monday}:${adminId}`;

/** An admin who gets the e-mail. */
type Admin = { id: string; email: string; name: string };

/**
 * Queues the Monday e-mails due at `now` (epoch ms or Date): nothing outside Monday from 08:00 in Madrid;
 * returns how many were queued.
 */
export async function queueWeeklySummaries(db: Db, now: number | Date = Date.now()): Promise<number> {
  const at = now instanceof Date ? now.getTime() : now;
  const today = madridDate(at);
  if (mondayOf(today) !== today || at < madridWallClock(today, WEEKLY_SUMMARY_FROM_MINUTE)) return 0;
  const rows = await db
    .select({ tenantId: users.tenantId, slug: tenants.slug, tenantName: tenants.name, id: users.id, email: users.email, name: users.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(tenants.weeklySummaryEmail, true), eq(users.role, 'admin'), isNull(users.deletedAt)))
    .orderBy(asc(users.tenantId), asc(users.email));
  const byTenant = new Map<number, { slug: string; name: string; admins: Admin[] }>();
  for (const r of rows) {
    const t = byTenant.get(r.tenantId) ?? { slug: r.slug, name: r.tenantName, admins: [] };
    t.admins.push({ id: r.id, email: r.email, name: r.name });
    byTenant.set(r.tenantId, t);
  }
  let queued = 0;
  for (const [tenantId, t] of byTenant) queued += await queueTenantSummary(db, tenantId, t, today, at);
  return queued;
}

/**
 * One tenant's e-mails of the week starting `monday` (today): the admins whose key is not in the outbox yet
 * get one each, from figures computed once. Returns how many were queued.
 */
async function queueTenantSummary(db: Db, tenantId: number, tenant: { slug: string; name: string; admins: Admin[] }, monday: string, now: number): Promise<number> {
  const keys = tenant.admins.map((a) => weeklySummaryKey(monday, a.id));
  const sent = await db
    .select({ key: outbox.dedupeKey })
    .from(outbox)
    .where(and(eq(outbox.tenantId, tenantId), inArray(outbox.dedupeKey, keys)));
  const done = new Set(sent.map((s) => s.key));
  const due = tenant.admins.filter((a) => !done.has(weeklySummaryKey(monday, a.id)));
  if (due.length === 0) return 0;

  const week = periodOf('week', addDays(monday, -1));
  const ahead = periodOf('week', monday);
  const [current, previous, coming, staff, [facility]] = await Promise.all([
    summaryOf(db, tenantId, week, now),
    summaryOf(db, tenantId, previousPeriod(week), now),
    summaryOf(db, tenantId, ahead, now),
    staffOfTenant(db, tenantId),
    db
      .select({ name: facilities.name, address: facilities.address, phone: facilities.tlf })
      .from(facilities)
      .where(eq(facilities.tenantId, tenantId))
      .orderBy(asc(facilities.id))
      .limit(1),
  ]);
  const names = new Map(staff.map((s) => [s.email, s.name]));
  const active = new Set(staff.filter((s) => !s.removed).map((s) => s.email));
  const stylists = coming.occupancy
    .filter((o) => active.has(o.employee_id) && o.scheduled_minutes > 0)
    .map((o) => ({ name: names.get(o.employee_id) ?? o.employee_id, freeMinutes: Math.max(0, o.scheduled_minutes - o.booked_minutes) }));
  const salon = facility ?? { name: tenant.name, address: null, phone: null };
  const link = `${tenantOrigin(tenant.slug)}/summary`;
  return queueEmails(
    db,
    due.map((admin) => ({
      tenantId,
      message: {
        to: admin.email,
        ...weeklySummaryEmail({ salon, adminName: admin.name, week: current, previous, ahead: { ...ahead, stylists }, names, link }),
      },
      dedupeKey: weeklySummaryKey(monday, admin.id),
    })),
  );
}

/** The periodic job of the delivery worker (instrumentation.ts registers it): queues the Monday e-mails due now. */
export async function scanWeeklySummaries(): Promise<void> {
  const queued = await queueWeeklySummaries(await getDb());
  if (queued > 0) console.log(`[klok] weekly summaries queued: ${queued}`);
}
