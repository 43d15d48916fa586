/**
 * The booking call of both flows from the browser (spec section 7, beyond-the-spec §1 "Idempotency"): a
 * module of its own, loaded by the client wizard only when it confirms, so it is not in the wizard's
 * first-load JavaScript.
 */
import type { z } from 'zod';
import type { ZClientAppointmentInsert, ZStaffAppointmentInsert } from '@/lib/validation/schedules';
import type { Appointment } from '@/lib/validation/dto';
import { canonicalJson } from '@/lib/domain/idempotency';
import { ApiClientError, ApiNetworkError, apiFetch } from './fetcher';
import { fetchPendingAppointments } from './hooks';
import { FACILITY_ID } from './paths';

/** The booking body of either flow (spec section 7): client flow with user_id/user_name, staff flow with client_name. */
export type InsertAppointmentBody =
  | Omit<z.input<typeof ZClientAppointmentInsert>, 'facility_id'>
  | Omit<z.input<typeof ZStaffAppointmentInsert>, 'facility_id'>;

/**
 * The `Idempotency-Key` of each booking not yet answered with success, by its canonical body: a confirm
 * of the same choice (a double tap, a retry, a second "Confirmar" after a failure) sends the same key and
 * books at most once; another choice gets a new key. A success forgets its key, so booking the same choice
 * again later is a new booking. The oldest entries go beyond BOOKING_KEYS_MAX.
 */
const bookingKeys = new Map<string, string>();
const BOOKING_KEYS_MAX = 20;

/** A random idempotency key (a UUID where the browser offers one; hex from getRandomValues otherwise, e.g. on plain http). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of a booking body: the one its earlier unanswered attempts used, else a new one. */
function bookingKeyOf(fingerprint: string): string {
  const known = bookingKeys.get(fingerprint);
  if (known) return known;
  const key = newIdempotencyKey();
  bookingKeys.set(fingerprint, key);
  while (bookingKeys.size > BOOKING_KEYS_MAX) bookingKeys.delete(bookingKeys.keys().next().value!);
  return key;
}

/** Whether a failed call may have left the server's state unknown: no answer, or a server/gateway failure. */
const isUncertain = (err: unknown) => err instanceof ApiNetworkError || (err instanceof ApiClientError && err.status >= 500);

/**
 * `PATCH /api/v1/schedules/insert/appointment` → the new appointment's id (beyond-the-spec §1
 * "Idempotency"). Sends an `Idempotency-Key` that stays the same for every attempt of the same body until
 * one succeeds, and retries once with it when the first attempt gets no answer or a 5xx: the server books
 * at most once and answers a repeat with the first answer. Throws `ApiClientError` (`ApiNetworkError` when
 * the retry got no answer either: whether the appointment exists is then unknown).
 */
export async function insertAppointment(body: InsertAppointmentBody): Promise<string> {
  const request = { ...body, facility_id: FACILITY_ID };
  const fingerprint = canonicalJson(request);
  const key = bookingKeyOf(fingerprint);
  const send = () =>
    apiFetch<{ data: { event_id: string } }>('/api/v1/schedules/insert/appointment', {
      method: 'PATCH',
      body: request,
      headers: { 'idempotency-key': key },
    });
  let answer: { data: { event_id: string } };
  try {
    answer = await send();
  } catch (err) {
    if (!isUncertain(err)) throw err;
    answer = await send();
  }
  if (bookingKeys.get(fingerprint) === key) bookingKeys.delete(fingerprint);
  return answer.data.event_id;
}

/**
 * A client's booking (`insertAppointment`) that settles an answer lost twice: the client's pending
 * appointments (`email`'s) then tell whether it was booked. Resolves with the appointment's id; throws what
 * `insertAppointment` throws otherwise (`ApiNetworkError` when no answer came and no such appointment shows).
 */
export async function insertClientAppointment(body: InsertAppointmentBody, email: string): Promise<string> {
  try {
    return await insertAppointment(body);
  } catch (err) {
    if (!(err instanceof ApiNetworkError)) throw err;
    const made = await fetchPendingAppointments(email).then((pending) => bookedAppointmentOf(pending, body), () => undefined);
    if (made) return made.id;
    throw err;
  }
}

/**
 * The pending appointment a booking body made, if any: same person, stylist, first service and start (a
 * visit's first appointment; any stylist for "Cualquier estilista"). For a confirm whose answer never arrived
 * (the client's pending appointments tell whether it was booked).
 */
export function bookedAppointmentOf(pending: readonly Appointment[], body: InsertAppointmentBody): Appointment | undefined {
  const start = Date.parse(body.start_time);
  const person = 'user_id' in body ? body.user_id : undefined;
  const serviceId = 'service_ids' in body && body.service_ids ? body.service_ids[0] : body.service_id;
  const employee = body.employee_id.trim().toLowerCase();
  return pending.find(
    (a) =>
      a.status === 'pending' &&
      Date.parse(a.start_time) === start &&
      (employee === 'any' || a.employee_id === employee) &&
      a.service_id === serviceId &&
      (person === undefined || a.user_id === person),
  );
}
