import { z } from 'zod';
import { NAME_MAX, ZEmail, ZPhoneInput, ZVersion } from './common';
import { v } from './messages';

export const ZUserParams = z.object({ email: ZEmail });
export type UserParams = z.infer<typeof ZUserParams>;

/**
 * `PATCH /users/{email}` by the client itself (spec section 7): its own profile fields. `given_name`:
 * the Nombre part of `name` as typed at onboarding ("María José" of "María José Pérez Gil"), for the greeting.
 */
export const ZClientUserPatch = z
  .object({
    name: z.string().trim().min(1).max(NAME_MAX).optional(),
    given_name: z.string().trim().min(1).max(NAME_MAX).optional(),
    tlf: ZPhoneInput.optional(),
    onboarding_completed: z.boolean().optional(),
    privacy_policy: z.boolean().optional(),
    tutorial: z.boolean().optional(),
    /** The caller's push token (Firebase Cloud Messaging); null clears it. */
    fcm_token: z.string().min(1).max(4096).nullable().optional(),
  })
  .strict();
export type ClientUserPatch = z.infer<typeof ZClientUserPatch>;

/** The most appointments staff may allow a client to hold at once. */
export const MAX_APPOINTMENTS_ALLOWED = 99;

/**
 * `PATCH /users/{email}` by staff on a client (spec sections 2 and 5): name (non-empty), sub-users (at most
 * 3, each name non-empty; keep each current sub-user's `id`, omit it for a new one), the allowance
 * `n_appointments_allowed` (a whole number 0–99; a string such as "3" is refused), `booking_blocked`
 * (beyond-the-spec section 3) and `whatsapp_opt_out` (beyond-the-spec section 5). Messages in Spanish.
 */
export const ZStaffUserPatch = z
  .object({
    name: z.string().trim().min(1, v.nameRequired).max(NAME_MAX).optional(),
    users: z
      .array(z.object({ id: z.string().min(1).max(64).optional(), name: z.string().trim().min(1, v.subUserNameRequired).max(NAME_MAX) }))
      .max(3, v.maxUsers)
      .optional(),
    n_appointments_allowed: z
      .number({ error: v.allowanceInvalid })
      .int(v.allowanceInvalid)
      .min(0, v.allowanceInvalid)
      .max(MAX_APPOINTMENTS_ALLOWED, v.allowanceInvalid)
      .optional(),
    /** "Bloquear reservas online" (true) / "Desbloquear" (false): the client's reliability tier `bloqueado` (beyond-the-spec §3). */
    booking_blocked: z.boolean().optional(),
    /**
     * WhatsApp messages from the salon's number (beyond-the-spec section 5): true turns them off for the client
     * (as its "BAJA" reply does), false turns them back on. Staff only: a client changes it by replying BAJA or
     * ALTA to the salon's WhatsApp, which the webhook records.
     */
    whatsapp_opt_out: z.boolean().optional(),
    /** The client's `version` as loaded: a different current one answers 409 `conflict` (nothing saved). */
    version: ZVersion.optional(),
  })
  .strict();
export type StaffUserPatch = z.infer<typeof ZStaffUserPatch>;

/** `PATCH /users/{email}`'s body as validated by who writes: a user on itself, or staff on a client. */
export type UserPatch = { kind: 'self'; value: ClientUserPatch } | { kind: 'staff'; value: StaffUserPatch };

export const ZPhoneCodeRequest = z.object({ tlf: ZPhoneInput.min(1) });
/** A phone verification code: six digits (spec section 5). */
export const ZPhoneCode = z.string().max(6, { abort: true }).regex(/^\d{6}$/);

export const ZPhoneVerify = z
  .object({ code: ZPhoneCode.optional(), id_token: z.string().min(1).max(4096).optional() })
  .refine((v) => v.code !== undefined || v.id_token !== undefined, 'code or id_token required');

/** `GET /users?search=&cursor=&limit=` (staff): search by name or e-mail (case- and accent-insensitive). */
export const ZClientsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ClientsQuery = z.infer<typeof ZClientsQuery>;

/** `POST /users` (staff): invites a new client by e-mail (spec section 7). */
export const ZClientCreate = z.object({ email: ZEmail }).strict();
export type ClientCreate = z.infer<typeof ZClientCreate>;
