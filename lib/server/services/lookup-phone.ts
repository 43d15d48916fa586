import 'server-only';
import { normalizePhone } from '@/lib/domain/phone';
import { isStaff, type SessionUser } from '@/lib/server/auth/session';
import type { DbOrTx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { consumeAll, type LimitName } from '@/lib/server/rate-limit';
import { findUserByPhone } from '@/lib/server/repositories/users';
import type { z } from 'zod';
import type { ZPhoneLookup } from '@/lib/validation/dto';

/**
 * Whether a phone number is taken in the tenant (spec sections 4 and 7, onboarding): `{}` when free or the
 * caller's own; `{ email }` when taken — the full e-mail for staff, a placeholder (`***@***`) for a client,
 * who only needs to know the number is taken. Limited per account and per IP (`ip`, when known).
 * Errors: 422 a malformed number, 429 too many lookups.
 */
export async function lookupPhone(
  db: DbOrTx,
  tenantId: number,
  actor: SessionUser,
  raw: string,
  ip: string | null,
): Promise<z.infer<typeof ZPhoneLookup>> {
  const checks: [LimitName, string][] = [['phoneLookupPerUser', actor.id]];
  if (ip) checks.push(['phoneLookupPerIp', ip]);
  await consumeAll(checks);
  const phone = normalizePhone(raw);
  if (!phone) throw new ApiError('unprocessable', errorMessage('phoneInvalid'));
  const owner = await findUserByPhone(db, tenantId, phone);
  if (!owner || owner.id === actor.id) return {};
  return { email: isStaff(actor.role) ? owner.email : MASKED_EMAIL };
}

/** What a client learns of the owner of a taken number: nothing but that it is taken. */
export const MASKED_EMAIL = '***@***';
