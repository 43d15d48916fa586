import { z } from 'zod';
import { ZEmail } from './common';
import { v } from './messages';

export const ZUserParams = z.object({ email: ZEmail });

/** `PATCH /users/{email}` by the client itself (spec section 7): its own profile fields. */
export const ZClientUserPatch = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    tlf: z.string().max(20).optional(),
    onboarding_completed: z.boolean().optional(),
    privacy_policy: z.boolean().optional(),
    tutorial: z.boolean().optional(),
  })
  .strict();
export type ClientUserPatch = z.infer<typeof ZClientUserPatch>;

/** `PATCH /users/{email}` by staff on a client: name, sub-users (max 3), allowance. */
export const ZStaffUserPatch = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    users: z
      .array(z.object({ id: z.string().min(1).max(64).optional(), name: z.string().trim().min(1).max(120) }))
      .max(3, v.maxUsers)
      .optional(),
    n_appointments_allowed: z.number().int().min(0).max(20).optional(),
  })
  .strict();
export type StaffUserPatch = z.infer<typeof ZStaffUserPatch>;

export const ZPhoneCodeRequest = z.object({ tlf: z.string().min(1).max(20) });
/** A phone verification code: six digits (spec section 5). */
export const ZPhoneCode = z.string().regex(/^\d{6}$/);

export const ZPhoneVerify = z
  .object({ code: ZPhoneCode.optional(), id_token: z.string().min(1).max(4096).optional() })
  .refine((v) => v.code !== undefined || v.id_token !== undefined, 'code or id_token required');
