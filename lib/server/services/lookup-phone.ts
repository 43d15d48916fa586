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
 * caller's own; `{ email }` when taken — masked (`a***@domain`) for a client, full for staff.
 * Errors: 422 a malformed number.
 */
export async function lookupPhone(db: DbOrTx, tenantId: number, actor: SessionUser, raw: string): Promise<z.infer<typeof ZPhoneLookup>> {
  const phone = normalizePhone(raw);
  if (!phone) throw new ApiError('unprocessable', errorMessage('phoneInvalid'));
  const owner = await findUserByPhone(db, tenantId, phone);
  if (!owner || owner.id === actor.id) return {};
  return { email: isStaff(actor.role) ? owner.email : maskEmail(owner.email) };
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
