import { z } from 'zod';
import { NEXT_PATH_MAX, safeNextPath } from '@/lib/domain/next-path';
import { ZEmail } from './common';
import { v } from './messages';

/**
 * `POST /api/v1/auth/email-link` (beyond-the-spec §1): the address to send a single-use sign-in link to,
 * and optionally the same-origin path to open after signing in (400 when it is anything else).
 */
export const ZEmailLinkRequest = z
  .object({
    email: z.string().trim().max(254, v.emailInvalid).pipe(ZEmail),
    next: z
      .string()
      .max(NEXT_PATH_MAX, v.nextInvalid)
      .refine((p) => safeNextPath(p) !== null, v.nextInvalid)
      .optional(),
    /** The requesting browser's hold (`POST /holds`): the account takes it over when the link is opened, on any device. */
    hold_id: z.uuid().optional(),
  })
  .strict();
export type EmailLinkRequest = z.infer<typeof ZEmailLinkRequest>;

/** The answer of `POST /api/v1/auth/email-link`, the same whether or not the address has an account. */
export const ZEmailLinkSent = z.object({ data: z.object({ sent: z.literal(true), expires_in_minutes: z.number().int() }) });
export type EmailLinkSent = z.infer<typeof ZEmailLinkSent>;

/** `GET /api/v1/auth/email-link/callback?token=`: the link's token (a malformed one fails like an unknown one). */
export const ZEmailLinkCallbackQuery = z.object({ token: z.string().max(128).optional().catch(undefined) });
