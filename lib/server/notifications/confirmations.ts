/**
 * Confirm or release (beyond-the-spec section 3): each client appointment booked before its cut-off waits for
 * the client's confirmation. `planConfirmation` sets its schedule when it is booked (and `replanConfirmation`
 * when it moves); `queueDueConfirmations`, a periodic job of the outbox worker, takes each step when it falls:
 *
 * - the confirmation request (an e-mail with an action link `/c/{token}`, and a push when registered) at its
 *   request time, never in the quiet hours (lib/domain/confirmation.ts);
 * - at the cut-off, an appointment still unconfirmed is released when its client is `nuevo`, `en_observacion`
 *   or `restringido` (cancelled by the system with the reason "Sin confirmar", the client told by e-mail and
 *   push, an `appointment_released` activity, its time free), and otherwise keeps its place with the
 *   "Sin confirmar" mark (derived from `confirmation` and `confirmation_cutoff_at`).
 *
 * The next step of each appointment is `confirmation_step_at`; the partial index `appointments_confirmation_due`
 * holds only the rows with a step left, so a pass reads the due ones however large the table is. Like the
 * reminder scan, a pass is a cross-tenant read without locks, then one transaction per tenant that locks the
 * rows still due (`FOR UPDATE SKIP LOCKED`): two workers never take the same step, so an appointment is
 * requested once and released once. A visit's services share one schedule and are handled together: one
 * request, one release. A tenant's steps of one kind are taken together in a fixed number of statements (the
 * cut-offs of a day's appointments mostly fall at the same 21:30 the evening before).
 */
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { confirmationPlan, confirmationStep, DEFAULT_CONFIRMATION } from '@/lib/domain/confirmation';
import { releasedWhenUnconfirmed } from '@/lib/domain/reliability';
import { MINUTE_MS } from '@/lib/domain/time';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { appointments, facilities, tenants, users } from '@/lib/server/db/schema';
import { emailText } from '@/lib/server/messages';
import { insertActionTokens, type ActionTarget } from '@/lib/server/repositories/action-tokens';
import { markCancelled } from '@/lib/server/services/cancel-appointment';
import { reliabilityTiersOf } from '@/lib/server/services/reliability';
import { tenantOrigin } from '@/lib/server/tenancy';
import { queueEmails } from './outbox';
import { queuePushes } from './push';
import { appointmentParams, queueWhatsApps } from './whatsapp';
import { appointmentReleasedEmail, confirmationRequestEmail, whenOf, type Salon } from './templates';

/** The reason a release gives (the appointment's notes, as staff's cancellations carry theirs). */
export const RELEASE_REASON = 'Sin confirmar';
/** The path of an action link; the token follows. */
export const ACTION_PATH = '/c/';
/** How often the worker runs the scan (ms). */
export const CONFIRMATION_SCAN_MS = MINUTE_MS;
/** Appointments read per pass. */
const BATCH = 200;

type Settings = { enabled: boolean; requestHours: number; cutoffHours: number };

async function settingsOf(db: Db | Tx, tenantId: number): Promise<Settings | null> {
  const [row] = await db
    .select({ enabled: tenants.confirmationEnabled, requestHours: tenants.confirmationRequestHours, cutoffHours: tenants.confirmationCutoffHours })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row ?? null;
}

const planOf = (s: Settings, start: number, created: number) =>
  confirmationPlan(start, created, { ...DEFAULT_CONFIRMATION, requestHours: s.requestHours, cutoffHours: s.cutoffHours });

/**
 * Sets the confirm-or-release schedule of just-booked appointments `ids` (one appointment, or every service of
 * a visit) starting at `start` (the visit's first start, epoch ms), booked at `now`, inside the caller's
 * transaction: `pending` with the cut-off and the request time when the salon asks for confirmation and the
 * booking came before the cut-off; left `not_required` for the guest, a salon without it, or a late booking.
 */
export async function planConfirmation(tx: Tx, tenantId: number, input: { ids: string[]; start: number; clientId: string }, now: number): Promise<void> {
  if (input.ids.length === 0) return;
  const settings = await settingsOf(tx, tenantId);
  if (!settings?.enabled) return;
  const [owner] = await tx.select({ isGuest: users.isGuest }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, input.clientId)));
  if (!owner || owner.isGuest) return;
  const plan = planOf(settings, input.start, now);
  if (!plan.required) return;
  await tx
    .update(appointments)
    .set({ confirmation: 'pending', confirmationCutoffAt: new Date(plan.cutoff), confirmationStepAt: new Date(plan.request) })
    .where(and(eq(appointments.tenantId, tenantId), inArray(appointments.id, input.ids)));
}

/**
 * Plans again the appointments `ids` still waiting for confirmation after a move to `start` (the first new
 * start, epoch ms) at `now`, inside the caller's transaction: a new cut-off, and the request at its new time
 * unless it went already; a move to after the new cut-off needs no confirmation. Confirmed and
 * not-required appointments keep their state.
 */
export async function replanConfirmation(tx: Tx, tenantId: number, ids: string[], start: number, now: number): Promise<void> {
  if (ids.length === 0) return;
  const settings = await settingsOf(tx, tenantId);
  const plan = settings?.enabled ? planOf(settings, start, now) : ({ required: false } as const);
  const which = and(eq(appointments.tenantId, tenantId), inArray(appointments.id, ids), eq(appointments.confirmation, 'pending'));
  if (!plan.required) {
    await tx.update(appointments).set({ confirmation: 'not_required', confirmationCutoffAt: null, confirmationStepAt: null }).where(which);
    return;
  }
  await tx
    .update(appointments)
    .set({
      confirmationCutoffAt: new Date(plan.cutoff),
      confirmationStepAt: sql`case when ${appointments.confirmationRequestedAt} is null then ${new Date(plan.request).toISOString()}::timestamptz else ${new Date(plan.cutoff).toISOString()}::timestamptz end`,
    })
    .where(which);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues action links inside the caller's transaction: per item a random 256-bit token stored only as its
 * SHA-256, acting on its `target` (an appointment with its visit, or a waitlist offer) until its `expiresAt`
 * (the start); one insert for them all. Returns the links `{origin}/c/{token}`, in the order of `items`.
 */
export async function issueActionLinks(
  tx: Tx,
  tenantId: number,
  items: { target: ActionTarget; expiresAt: Date }[],
  origin: string,
  now: number,
): Promise<string[]> {
  const tokens = items.map(() => randomBytes(32).toString('base64url'));
  await insertActionTokens(
    tx,
    tenantId,
    items.map((item, i) => ({ id: hashToken(tokens[i]!), ...item.target, expiresAt: item.expiresAt })),
    new Date(now),
  );
  return tokens.map((token) => `${origin}${ACTION_PATH}${token}`);
}

/** The hash under which an action token is stored. */
export const actionTokenId = hashToken;

/** What one pass did. */
export type ConfirmationReport = { requested: number; released: number; marked: number; lapsed: number };

const client = alias(users, 'client');
const employee = alias(users, 'employee');

/** Rows whose step is due at `now`: pending, waiting for confirmation, `confirmation_step_at` reached. */
const dueAt = (now: number) =>
  and(
    isNotNull(appointments.confirmationStepAt),
    lte(appointments.confirmationStepAt, new Date(now)),
    eq(appointments.status, 'pending'),
    eq(appointments.confirmation, 'pending'),
  );

/**
 * Takes every confirm-or-release step due at `now` (epoch ms or Date), in passes of {@link BATCH} (at most
 * `maxBatches`); returns what it did.
 */
export async function queueDueConfirmations(db: Db, now: number | Date = Date.now(), maxBatches = 50): Promise<ConfirmationReport> {
  const at = now instanceof Date ? now.getTime() : now;
  const report: ConfirmationReport = { requested: 0, released: 0, marked: 0, lapsed: 0 };
  for (let i = 0; i < maxBatches; i++) {
    const candidates = await db
      .select({ id: appointments.id, tenantId: appointments.tenantId })
      .from(appointments)
      .innerJoin(tenants, eq(tenants.id, appointments.tenantId))
      .where(and(dueAt(at), eq(tenants.confirmationEnabled, true)))
      .orderBy(asc(appointments.confirmationStepAt))
      .limit(BATCH);
    const byTenant = new Map<number, string[]>();
    for (const c of candidates) byTenant.set(c.tenantId, [...(byTenant.get(c.tenantId) ?? []), c.id]);
    let taken = 0;
    for (const [tenantId, ids] of byTenant) taken += await stepTenant(db, tenantId, ids, at, report);
    if (candidates.length < BATCH || taken === 0) break;
  }
  return report;
}

/** A locked row of the scan, with what its messages need. */
type DueRow = {
  id: string;
  visitId: string | null;
  startAt: Date;
  clientName: string;
  serviceName: string;
  facilityId: number;
  confirmationRequestedAt: Date | null;
  confirmationCutoffAt: Date | null;
  clientId: string;
  email: string;
  isGuest: boolean;
  bookingBlocked: boolean;
  /** Whether the client registered a push token. */
  pushable: boolean;
  employeeName: string;
  slug: string;
  salonName: string | null;
  salonAddress: string | null;
  salonPhone: string | null;
};

/**
 * One tenant's due steps in one transaction, in a fixed number of statements however many are due: locks the
 * rows still due (`SKIP LOCKED`) with the other waiting services of their visits, decides each visit's step
 * (an appointment booked alone is a visit of one; `confirmationStep`), then takes every step of a kind together:
 * one tier read for the clients, one insert of action tokens, of e-mails and of pushes, one update per kind.
 * Returns how many rows it took.
 */
async function stepTenant(db: Db, tenantId: number, ids: string[], now: number, report: ConfirmationReport): Promise<number> {
  return db.transaction(async (tx) => {
    const columns = {
      id: appointments.id,
      visitId: appointments.visitId,
      startAt: appointments.startAt,
      clientName: appointments.clientName,
      serviceName: appointments.serviceName,
      facilityId: appointments.facilityId,
      confirmationRequestedAt: appointments.confirmationRequestedAt,
      confirmationCutoffAt: appointments.confirmationCutoffAt,
      clientId: appointments.clientId,
      email: client.email,
      isGuest: client.isGuest,
      bookingBlocked: client.bookingBlocked,
      pushable: sql<boolean>`${client.fcmToken} is not null`,
      employeeName: employee.name,
      slug: tenants.slug,
      salonName: facilities.name,
      salonAddress: facilities.address,
      salonPhone: facilities.tlf,
    };
    // The tenant's rows matching `which`, locked (`SKIP LOCKED`: rows another worker holds are left to it).
    const lockRows = (which: ReturnType<typeof and>) =>
      tx
        .select(columns)
        .from(appointments)
        .innerJoin(client, and(eq(client.tenantId, appointments.tenantId), eq(client.id, appointments.clientId)))
        .innerJoin(employee, and(eq(employee.tenantId, appointments.tenantId), eq(employee.id, appointments.employeeId)))
        .innerJoin(tenants, eq(tenants.id, appointments.tenantId))
        .leftJoin(facilities, and(eq(facilities.tenantId, appointments.tenantId), eq(facilities.id, appointments.facilityId)))
        .where(and(eq(appointments.tenantId, tenantId), which))
        .orderBy(asc(appointments.startAt))
        .for('update', { of: appointments, skipLocked: true });
    const due: DueRow[] = await lockRows(and(inArray(appointments.id, ids), dueAt(now)));
    if (due.length === 0) return 0;
    const visitIds = [...new Set(due.flatMap((r) => (r.visitId ? [r.visitId] : [])))];
    const others: DueRow[] =
      visitIds.length === 0
        ? []
        : await lockRows(and(inArray(appointments.visitId, visitIds), eq(appointments.status, 'pending'), eq(appointments.confirmation, 'pending')));
    const visits = new Map<string, DueRow[]>();
    for (const r of [...due, ...others]) {
      const key = r.visitId ?? r.id;
      const list = visits.get(key) ?? [];
      if (!list.some((x) => x.id === r.id)) list.push(r);
      visits.set(key, list);
    }
    const steps = [...visits.values()].map((parts) => {
      parts.sort((x, y) => x.startAt.getTime() - y.startAt.getTime());
      const first = parts[0]!;
      const requested = parts.map((p) => p.confirmationRequestedAt?.getTime() ?? null).find((t) => t !== null) ?? null;
      const cutoffAt = Math.min(...parts.map((p) => p.confirmationCutoffAt?.getTime() ?? first.startAt.getTime()));
      const step = first.isGuest ? ({ kind: 'lapse' } as const) : confirmationStep({ requestedAt: requested, cutoffAt }, now);
      return { parts, first, cutoffAt, step };
    });
    type Step = (typeof steps)[number];
    const of = (kind: Step['step']['kind']) => steps.filter((s) => s.step.kind === kind);
    const idsOf = (list: Step[]) => list.flatMap((s) => s.parts.map((p) => p.id));
    const setRows = async (list: Step[], values: PgUpdateSetSource<typeof appointments>) => {
      if (list.length > 0) await tx.update(appointments).set(values).where(and(eq(appointments.tenantId, tenantId), inArray(appointments.id, idsOf(list))));
    };

    // A request waiting for 09:00 (quiet hours), or a request already sent waiting for the cut-off.
    const waits = of('wait');
    for (const next of new Set(waits.map((s) => (s.step.kind === 'wait' ? s.step.next : 0)))) {
      await setRows(waits.filter((s) => s.step.kind === 'wait' && s.step.next === next), { confirmationStepAt: new Date(next) });
    }
    const lapses = of('lapse');
    report.lapsed += lapses.length;
    await setRows(lapses, { confirmation: 'not_required', confirmationStepAt: null });

    const requests = of('request');
    const cutoffs = of('cutoff');
    if (requests.length + cutoffs.length === 0) return due.length;
    const tiers = await reliabilityTiersOf(
      tx,
      tenantId,
      [...new Map([...requests, ...cutoffs].map((s) => [s.first.clientId, { id: s.first.clientId, bookingBlocked: s.first.bookingBlocked }])).values()],
      now,
    );
    const releases = (s: Step) => releasedWhenUnconfirmed(tiers.get(s.first.clientId) ?? 'nuevo');
    // The tenant and the salon came with the locked rows (the e-mails' links and foot).
    const origin = tenantOrigin(due[0]!.slug);
    const salonOfRow = (r: DueRow): Salon => ({ name: r.salonName ?? '', address: r.salonAddress, phone: r.salonPhone });
    const texts = (s: Step) => ({
      salon: salonOfRow(s.first),
      clientName: s.first.clientName,
      service: s.parts.map((p) => p.serviceName).join(', '),
      employee: [...new Set(s.parts.map((p) => p.employeeName))].join(', '),
      start: s.first.startAt,
    });
    const pushText = (s: Step, title: 'pushRequestTitle' | 'pushReleasedTitle', body: 'pushRequestBody' | 'pushReleasedBody') => ({
      title: emailText(title, {}),
      body: emailText(body, { salon: texts(s).salon.name || emailText('pushSalonFallback', {}), service: texts(s).service, when: whenOf(s.first.startAt) }),
    });

    // Requests: a link each, the e-mail and the push; the next step is each one's cut-off.
    report.requested += requests.length;
    const links = await issueActionLinks(tx, tenantId, requests.map((s) => ({ target: { purpose: 'appointment' as const, appointmentId: s.first.id }, expiresAt: s.first.startAt })), origin, now);
    // Cut-offs: released (by the client's tier) or kept with the mark.
    const released = cutoffs.filter(releases);
    const marked = cutoffs.filter((s) => !releases(s));
    report.released += released.length;
    report.marked += marked.length;
    if (released.length > 0) {
      const rows = await tx
        .select()
        .from(appointments)
        .where(and(eq(appointments.tenantId, tenantId), inArray(appointments.id, idsOf(released))))
        .orderBy(asc(appointments.startAt));
      await markCancelled(tx, tenantId, { id: null, name: '', activity: 'appointment_released', via: 'release' }, rows, RELEASE_REASON, now);
    }
    await queueEmails(tx, [
      ...requests.map((s, i) => ({
        tenantId,
        message: { to: s.first.email, ...confirmationRequestEmail({ ...texts(s), link: links[i]!, releaseAt: releases(s) ? s.cutoffAt : null }) },
        dedupeKey: `confirmation-request:${s.first.id}`,
      })),
      ...released.map((s) => ({
        tenantId,
        message: { to: s.first.email, ...appointmentReleasedEmail({ ...texts(s), origin }) },
        dedupeKey: `released:${s.first.id}`,
      })),
    ]);
    // Only to clients with a push token (read with the rows): no second look-up.
    await queuePushes(tx, tenantId, [
      ...requests.flatMap((s, i) => (s.first.pushable ? [{ userId: s.first.clientId, ...pushText(s, 'pushRequestTitle', 'pushRequestBody'), data: { url: links[i]!.slice(origin.length) } }] : [])),
      ...released.flatMap((s) => (s.first.pushable ? [{ userId: s.first.clientId, ...pushText(s, 'pushReleasedTitle', 'pushReleasedBody'), data: { url: '/' } }] : [])),
    ], { known: true });
    // WhatsApp beside the e-mail, to clients who may receive it (one read of who may).
    await queueWhatsApps(tx, tenantId, [
      ...requests.map((s) => ({
        userId: s.first.clientId,
        template: 'confirma_tu_cita' as const,
        params: appointmentParams({ client: s.first.clientName, salon: texts(s).salon.name, services: texts(s).service, start: s.first.startAt }, texts(s).employee),
        appointmentId: s.first.id,
        dedupeKey: `wa-confirmation-request:${s.first.id}`,
      })),
      ...released.map((s) => ({
        userId: s.first.clientId,
        template: 'cita_liberada' as const,
        params: appointmentParams({ client: s.first.clientName, salon: texts(s).salon.name, services: texts(s).service, start: s.first.startAt }, origin),
        dedupeKey: `wa-released:${s.first.id}`,
      })),
    ]);
    await setRows(requests, { confirmationRequestedAt: new Date(now), confirmationStepAt: sql`${appointments.confirmationCutoffAt}` });
    await setRows([...released, ...marked], { confirmationStepAt: null });
    return due.length;
  });
}

/** The periodic job of the delivery worker (instrumentation.ts registers it): takes the steps due now. */
export async function scanConfirmations(): Promise<void> {
  const r = await queueDueConfirmations(await getDb());
  if (r.requested + r.released + r.marked + r.lapsed > 0) console.log(`[klok] confirmations: ${JSON.stringify(r)}`);
}
