import 'server-only';
import { normalizePhone } from '@/lib/domain/phone';
import { isStaff, type SessionUser } from '@/lib/server/auth/session';
import type { DbOrTx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { findUserByPhone } from '@/lib/server/repositories/users';
import type { z } from 'zod';
import type { ZPhoneLookup } from '@/lib/validation/dto';

/**
 * Whether a phone number is taken in the tenant (spec sections 4 and 7, onboarding): `{}` when free or the
 * caller's own; `{ email }` when taken — the full e-mail for staff, a placeholder (`***@***`) for a client,
 * who only needs to know the number is taken. Its route spends the lookup budgets (per account and per IP)
 * before calling it. Errors: 422 a malformed number.
 */
export async function lookupPhone(
  db: DbOrTx,
  tenantId: number,
  actor: SessionUser,
  raw: string,
): Promise<z.infer<typeof ZPhoneLookup>> {
  const phone = normalizePhone(raw);
  if (!phone) throw new ApiError('unprocessable', errorMessage('phoneInvalid'));
  const owner = await findUserByPhone(db, tenantId, phone);
  if (!owner || owner.id === actor.id) return {};
  return { email: isStaff(actor.role) ? owner.email : MASKED_EMAIL };
}

/** What a client learns of the owner of a taken number: nothing but that it is taken. */
export const MASKED_EMAIL = '***@***';
