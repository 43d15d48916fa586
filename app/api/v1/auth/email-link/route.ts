import { holderHashOf } from '@/lib/server/auth/holder';
import { publicOrigin } from '@/lib/server/auth/origin';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { requestSignInLink, SIGN_IN_LINK_MINUTES } from '@/lib/server/services/sign-in-link';
import { ZEmailLinkRequest, ZEmailLinkSent } from '@/lib/validation/auth';

/**
 * `POST /api/v1/auth/email-link { email, next?, hold_id? }` (beyond-the-spec §1, public, same origin only): e-mails a
 * single-use sign-in link valid SIGN_IN_LINK_MINUTES (15) minutes, queued through the outbox with the stored
 * token hash; `hold_id`, the browser's own hold (`POST /holds`), goes with the link so the account opening it
 * takes the hold over, on any device. Always 202 `{ data: { sent: true, expires_in_minutes: 15 } }`, whether or not the address has
 * an account (no account enumeration). Errors: 400 invalid e-mail or a `next` that is not a same-origin
 * relative path; 403 `cross_origin`; 429 after 20 requests an hour from one IP or 5 an hour for one address.
 */
export const POST = route(
  {
    summary: 'E-mails a single-use sign-in link (15 minutes); 202 whether or not the address has an account',
    access: 'public',
    onboarding: false,
    body: ZEmailLinkRequest,
    status: 202,
    response: ZEmailLinkSent,
    limits: [
      ['emailLinkPerIp', ({ ip }) => ip],
      ['emailLinkPerEmail', ({ tenant, body }) => `${tenant.id}:${body.email}`],
    ],
  },
  async ({ req, tenant, body, now }) => {
    await requestSignInLink(
      await getDb(),
      tenant.id,
      { email: body.email, next: body.next, origin: publicOrigin(req), holdId: body.hold_id, holderHash: holderHashOf(req) },
      now,
    );
    return data({ sent: true, expires_in_minutes: SIGN_IN_LINK_MINUTES });
  },
);
