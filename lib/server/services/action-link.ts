import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { isLateCancellation } from '@/lib/domain/confirmation';
import type { QuickReplyAction } from '@/lib/domain/whatsapp-cloud';
import { madridDate } from '@/lib/domain/time';
import type { Db, DbOrTx, Tx } from '@/lib/server/db/client';
import { activities, appointments, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { emailText, errorMessage } from '@/lib/server/messages';
import { salonOf } from '@/lib/server/notifications/appointment-emails';
import { actionTokenId } from '@/lib/server/notifications/confirmations';
import { queuePushes } from '@/lib/server/notifications/push';
import { whenOf } from '@/lib/server/notifications/templates';
import { findActionToken, type ActionTarget } from '@/lib/server/repositories/action-tokens';
import { lockVisitOfAppointment } from '@/lib/server/repositories/locks';
import { touchClientActivity, type UserRow } from '@/lib/server/repositories/users';
import type { ActionBody, ActionState, ActionView, AppointmentActionView } from '@/lib/validation/actions';
import { markCancelled } from './cancel-appointment';
import { claimOffer, readClaim } from './claim-offer';

type Row = { a: typeof appointments.$inferSelect; client: UserRow };

/**
 * What an action link `token` shows at `now` (epoch ms; beyond-the-spec sections 3 and 4,
 * `GET /api/v1/actions/{token}`; `ZActionView`): for an appointment link the salon, the visit's services with
 * their stylists and times, and where it stands; for a claim link the waitlist offer (lib/server/services/
 * claim-offer.ts `readClaim`). No session: the token is the proof. Errors: 404 unknown token (or another
 * tenant's), 410 `link_expired` once the hour has started.
 */
export async function readActionLink(db: Db, tenantId: number, token: string, now: number): Promise<ActionView> {
  const target = await tokenTarget(db, tenantId, token);
  if (target.purpose === 'claim') return readClaim(db, tenantId, target.offerId, now);
  const { appointmentId } = target;
  return db.transaction(async (tx) => {
    const rows = await lockVisitOfAppointment(tx, tenantId, appointmentId);
    return viewOf(tx, tenantId, live(rows, appointmentId, now), now);
  });
}

/**
 * Acts through an action link at `now` (epoch ms; `POST /api/v1/actions/{token}`) and answers as
 * `readActionLink` does afterwards. A claim link takes `claim` ("Reservar este hueco": lib/server/services/
 * claim-offer.ts `claimOffer`, with its errors); an appointment link takes `confirm` ("Confirmo") or `cancel`
 * ("No puedo ir"), applied by `answerVisit` in one transaction; repeating one answers the same.
 * Errors: 404 unknown token, 410 `link_expired` (started), 409 `conflict` to confirm a cancelled or released
 * one, 422 `unprocessable` for an action the link is not for (`claim` on an appointment link, or the reverse).
 */
export async function performActionLink(db: Db, tenantId: number, token: string, action: ActionBody['action'], now: number): Promise<ActionView> {
  const target = await tokenTarget(db, tenantId, token);
  if (target.purpose === 'claim') {
    if (action !== 'claim') throw new ApiError('unprocessable', errorMessage('actionNotForLink'));
    return claimOffer(db, tenantId, target.offerId, now);
  }
  if (action === 'claim') throw new ApiError('unprocessable', errorMessage('actionNotForLink'));
  const { appointmentId } = target;
  return db.transaction(async (tx) => {
    const { after } = await answerVisit(tx, tenantId, appointmentId, action, now);
    return viewOf(tx, tenantId, after, now);
  });
}

/** A service of a visit, locked, with the visit's client (the account that booked it). */
export type VisitRow = Row;

/**
 * What a client's answer did to a visit: the services it changed (none when the visit already stood so, e.g.
 * "Confirmo" twice) and the visit's rows afterwards.
 */
export type VisitAnswer = { changed: VisitRow[]; after: VisitRow[] };

/**
 * A client's answer to the visit of `appointmentId` at `now` (epoch ms; beyond-the-spec sections 3 and 5), in
 * the caller's transaction with the visit's rows locked (`lockVisitOfAppointment`): the one rule of the
 * action links (`performActionLink`) and of WhatsApp's quick replies (lib/server/services/whatsapp-webhook.ts).
 * - `confirm` ("Confirmo"): the visit's pending services become `confirmed` (an `appointment_confirmed`
 *   activity); on a confirmed one, nothing changes;
 * - `cancel` ("No puedo ir"): the visit's services still to come are cancelled by the client (each with a
 *   `client_cancelled` activity, late when at or after the cut-off; their time is free at once), and each
 *   stylist gets a push; on one already cancelled or released, nothing changes.
 * `accept`, when given, must accept the visit's client, or nothing is done.
 * Errors (ApiError, thrown before anything is written): 404 unknown appointment (or another tenant's), 403
 * `forbidden` when `accept` refuses the client, 410 `link_expired` once the visit has started, 409 `conflict`
 * to confirm a cancelled or released visit.
 */
export async function answerVisit(
  tx: Tx,
  tenantId: number,
  appointmentId: string,
  action: QuickReplyAction,
  now: number,
  accept?: (client: UserRow) => boolean,
): Promise<VisitAnswer> {
  const rows = live(await lockVisitOfAppointment(tx, tenantId, appointmentId), appointmentId, now);
  if (accept && !accept(rows[0]!.client)) throw new ApiError('forbidden', errorMessage('forbidden'));
  const state = stateOf(rows, appointmentId);
  const pending = rows.filter((r) => r.a.status === 'pending');
  let changed: Row[] = [];
  if (action === 'confirm') {
    if (state !== 'pending' && state !== 'confirmed') throw new ApiError('conflict', errorMessage('actionAppointmentGone'));
    if (state === 'pending') {
      await confirmVisit(tx, tenantId, pending);
      changed = pending;
    }
  } else if (state === 'pending' || state === 'confirmed') {
    await cancelVisit(tx, tenantId, pending, now);
    changed = pending;
  }
  const after = (await lockVisitOfAppointment(tx, tenantId, appointmentId)).filter((r): r is Row => r !== undefined);
  return { changed, after };
}

/** What a token of the tenant acts on; 404 when unknown. */
async function tokenTarget(db: DbOrTx, tenantId: number, token: string): Promise<ActionTarget> {
  const row = await findActionToken(db, tenantId, actionTokenId(token));
  if (!row) throw new ApiError('not_found', errorMessage('actionLinkUnknown'));
  return row;
}

/** The visit's rows, or 404 when gone (deleted with its tenant) and 410 once the visit has started at `now`. */
function live(rows: (Row | undefined)[], appointmentId: string, now: number): Row[] {
  const found = rows.filter((r): r is Row => r !== undefined);
  const named = found.find((r) => r.a.id === appointmentId);
  if (!named) throw new ApiError('not_found', errorMessage('actionLinkUnknown'));
  const pending = found.filter((r) => r.a.status === 'pending');
  const start = Math.min(...(pending.length > 0 ? pending : [named]).map((r) => r.a.startAt.getTime()));
  if (now >= start) throw new ApiError('link_expired', errorMessage('actionLinkExpired'));
  return found;
}

/** Where the visit stands: by its pending services, or, when none is left, by how the named one ended. */
function stateOf(rows: Row[], appointmentId: string): ActionState {
  const pending = rows.filter((r) => r.a.status === 'pending');
  if (pending.length > 0) return pending.every((r) => r.a.confirmation === 'confirmed') ? 'confirmed' : 'pending';
  const named = rows.find((r) => r.a.id === appointmentId) ?? rows[0]!;
  if (named.a.cancelledVia === 'client_link') return 'cancelled';
  if (named.a.cancelledVia === 'release') return 'released';
  return 'salon_cancelled';
}

/** The answer: the salon, the services (the pending ones, or all once none is), the state and lateness. */
async function viewOf(db: DbOrTx, tenantId: number, rows: Row[], now: number): Promise<AppointmentActionView> {
  const sorted = [...rows].sort((x, y) => x.a.startAt.getTime() - y.a.startAt.getTime());
  const pending = sorted.filter((r) => r.a.status === 'pending');
  const shown = pending.length > 0 ? pending : sorted;
  const first = shown[0]!;
  const state = stateOf(sorted, first.a.id);
  const names = new Map(
    (
      await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(shown.map((r) => r.a.employeeId))])))
    ).map((u) => [u.id, u.name ?? '']),
  );
  const cutoff = first.a.confirmationCutoffAt?.getTime() ?? null;
  const salon = await salonOf(db, tenantId, first.a.facilityId);
  return {
    purpose: 'appointment',
    state,
    late: pending.length > 0 ? isLateCancellation(cutoff, now) : first.a.lateCancellation,
    salon,
    client_name: first.a.clientName,
    services: shown.map((r) => ({
      name: r.a.serviceName,
      employee_name: names.get(r.a.employeeId) ?? '',
      start_time: r.a.startAt.toISOString(),
      end_time: r.a.endAt.toISOString(),
    })),
  };
}

/** "Confirmo": the pending services become `confirmed`, with one `appointment_confirmed` activity. */
async function confirmVisit(tx: Tx, tenantId: number, pending: Row[]): Promise<void> {
  await tx
    .update(appointments)
    .set({ confirmation: 'confirmed', confirmationStepAt: null })
    .where(and(eq(appointments.tenantId, tenantId), inArray(appointments.id, pending.map((r) => r.a.id))));
  const first = pending[0]!.a;
  const [stylist] = await tx.select({ name: users.name }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, first.employeeId)));
  await tx.insert(activities).values({
    tenantId,
    type: 'appointment_confirmed',
    data: {
      id: first.id,
      start_time: first.startAt.toISOString(),
      service_name: pending.map((r) => r.a.serviceName).join(', '),
      employee_name: stylist?.name ?? '',
      client_name: first.clientName,
    },
  });
}

/**
 * "No puedo ir": cancels the visit's pending services (late at or after the cut-off), each with its
 * `client_cancelled` activity, and tells each stylist by push.
 */
async function cancelVisit(tx: Tx, tenantId: number, pending: Row[], now: number): Promise<void> {
  const client = pending[0]!.client;
  const cutoff = pending[0]!.a.confirmationCutoffAt?.getTime() ?? null;
  const by = {
    id: client.id,
    name: client.name || client.email,
    activity: 'client_cancelled' as const,
    via: 'client_link' as const,
    late: isLateCancellation(cutoff, now),
  };
  await markCancelled(tx, tenantId, by, pending.map((r) => r.a), null, now);
  await touchClientActivity(tx, tenantId, client.id);
  await queuePushes(
    tx,
    tenantId,
    pending.map(({ a }) => ({
      userId: a.employeeId,
      title: emailText('pushClientCancelledTitle', {}),
      body: emailText('pushClientCancelledBody', { client: a.clientName, service: a.serviceName, when: whenOf(a.startAt) }),
      data: { url: `/?date=${madridDate(a.startAt)}` },
    })),
  );
}
