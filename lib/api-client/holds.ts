/** API access of holds (beyond-the-spec §1), on the one fetcher. */
import type { Hold } from '@/lib/validation/dto';
import type { HoldCreate } from '@/lib/validation/schedules';
import { apiFetch } from './fetcher';

/**
 * `POST /api/v1/holds`: keeps the chosen hour for 10 minutes while a visitor signs in; the server sets the
 * browser's holder cookie. Resolves with `{ hold_id, expires_at }` (UTC ISO). Throws `ApiClientError`
 * (409 `slot_taken` when someone else booked or holds it, 422 a booking rule, 429 too many holds).
 */
export async function holdHour(body: HoldCreate): Promise<Hold> {
  const answer = await apiFetch<{ data: Hold }>('/api/v1/holds', { method: 'POST', body });
  return answer.data;
}
