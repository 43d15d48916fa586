'use client';

import { setInitiatorRole } from '@/lib/api-client/fetcher';
import type { Role } from '@/lib/validation/dto';

/** Records the signed-in role for the informational `initiator` header of API calls; renders nothing. */
export function InitiatorRole({ role }: { role: Role }) {
  // Set during render (idempotent) so it is in place before any child's data request starts.
  if (typeof window !== 'undefined') setInitiatorRole(role);
  return null;
}
