/**
 * Action links (beyond-the-spec section 3): the path parameter, the body and the answer of
 * `GET/POST /api/v1/actions/{token}`, shared by the route handlers and the `/c/{token}` page.
 */
import { z } from 'zod';
import messages from '@/lib/i18n/messages/es.json';

/** An action link's token: 32 random bytes, base64url (43 characters). */
export const ZActionTokenParams = z.object({ token: z.string().length(43, messages.errors.actionLinkUnknown).regex(/^[A-Za-z0-9_-]+$/, messages.errors.actionLinkUnknown) });

/** `confirm` ("Confirmo"), `cancel` ("No puedo ir"), `claim` (a waitlist offer's "Reservar este hueco"). */
export const ZActionBody = z.object({ action: z.enum(['confirm', 'cancel', 'claim']) }).strict();
export type ActionBody = z.infer<typeof ZActionBody>;

/**
 * Where the appointment of a link stands: `pending` (waiting for the client's answer, or needing none),
 * `confirmed`, `cancelled` (by the client through a link), `released` (unconfirmed at the cut-off) or
 * `salon_cancelled` (by the salon).
 */
export const ZActionState = z.enum(['pending', 'confirmed', 'cancelled', 'released', 'salon_cancelled']);
export type ActionState = z.infer<typeof ZActionState>;

/** The salon as an action page shows it. */
const ZActionSalon = z.object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable() });

/** An appointment link's answer: what the page shows. Instants are UTC ISO strings. */
export const ZAppointmentActionView = z.object({
  purpose: z.literal('appointment'),
  state: ZActionState,
  /** Whether "No puedo ir" now comes after the cut-off (a late cancellation); for a cancelled one, whether it did. */
  late: z.boolean(),
  salon: ZActionSalon,
  /** The client's name on the appointment. */
  client_name: z.string(),
  /** The visit's services still on it (all of them once cancelled), by start. */
  services: z.array(z.object({ name: z.string(), employee_name: z.string(), start_time: z.string(), end_time: z.string() })),
});
export type AppointmentActionView = z.infer<typeof ZAppointmentActionView>;

/**
 * Where a waitlist offer stands (beyond-the-spec section 4): `open` (the client may take it), `claimed` (booked
 * through this link), `taken` (someone else took the hour first: the entry still waits) or `expired` (its
 * window ended, or the entry is not active).
 */
export const ZClaimState = z.enum(['open', 'claimed', 'taken', 'expired']);
export type ClaimState = z.infer<typeof ZClaimState>;

/** A claim link's answer: the salon, the hour offered (or booked) and where the offer stands. */
export const ZClaimActionView = z.object({
  purpose: z.literal('claim'),
  state: ZClaimState,
  salon: ZActionSalon,
  /** The person waiting. */
  client_name: z.string(),
  /** The visit's services by start; `employee_name` null for "Cualquier estilista" until booked. */
  services: z.array(z.object({ name: z.string(), employee_name: z.string().nullable(), start_time: z.string(), end_time: z.string() })),
  /** When the offer's window ends (UTC ISO). */
  expires_at: z.string(),
});
export type ClaimActionView = z.infer<typeof ZClaimActionView>;

/** The answer of both calls, by the link's purpose. */
export const ZActionView = z.discriminatedUnion('purpose', [ZAppointmentActionView, ZClaimActionView]);
export type ActionView = z.infer<typeof ZActionView>;
