/** API access of sign-in by e-mail link (beyond-the-spec §1), on the one fetcher. */
import type { EmailLinkRequest, EmailLinkSent } from '@/lib/validation/auth';
import { apiFetch } from './fetcher';

/**
 * `POST /api/v1/auth/email-link`: asks the server to e-mail a sign-in link; resolves with the minutes the
 * link lasts. Throws `ApiClientError` (400 invalid address, 429 with `retryAfter` in seconds).
 */
export async function requestEmailLink(body: EmailLinkRequest): Promise<number> {
  const answer = await apiFetch<EmailLinkSent>('/api/v1/auth/email-link', { method: 'POST', body });
  return answer.data.expires_in_minutes;
}
