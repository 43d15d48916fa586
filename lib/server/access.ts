import 'server-only';
import type { SessionUser } from '@/lib/server/auth/session';
import { isStaff } from '@/lib/server/auth/session';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';

/**
 * Ownership rule (spec section 6): a client reads and changes only its own user; staff reach every
 * user of their tenant. Throws 403 otherwise.
 */
export function assertSelfOrStaff(user: SessionUser, email: string): void {
  if (isStaff(user.role)) return;
  if (user.email !== email.trim().toLowerCase()) throw new ApiError('forbidden', errorMessage('forbidden'));
}
