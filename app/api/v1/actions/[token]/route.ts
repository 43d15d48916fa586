import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { performActionLink, readActionLink } from '@/lib/server/services/action-link';
import { ZActionBody, ZActionTokenParams, ZActionView } from '@/lib/validation/actions';
import { dataOf } from '@/lib/validation/dto';

const ERRORS = { 404: 'unknown token', 410: 'link_expired: the appointment has started' };

/**
 * `GET /api/v1/actions/{token}` (beyond-the-spec section 3; no session: the token is the proof) → 200
 * `{ data: ActionView }`: the salon, the appointment's services with stylists and times, and its state
 * (`pending`, `confirmed`, `cancelled`, `released`, `salon_cancelled`). Errors: 400 malformed token, 404 unknown
 * token, 410 `link_expired` once the appointment has started, 429 after 60 calls in 10 minutes from one IP.
 */
export const GET = route(
  {
    summary: 'The appointment of an action link (no session)',
    access: 'public',
    params: ZActionTokenParams,
    response: dataOf(ZActionView),
    errors: ERRORS,
    limits: [['actionLinkPerIp', ({ ip }) => ip]],
  },
  async ({ tenant, params, now }) => data(await readActionLink(await getDb(), tenant.id, params.token, now)),
);

/**
 * `POST /api/v1/actions/{token} { action: "confirm" | "cancel" | "claim" }` (beyond-the-spec section 3; no
 * session, same origin only) → 200 `{ data: ActionView }` after "Confirmo" or "No puedo ir" (a late
 * cancellation after the cut-off); repeating an action answers the same. Errors: 400 malformed token or body,
 * 404 unknown token, 409 `conflict` to confirm a cancelled or released appointment, 410 `link_expired`,
 * 422 an action this link is not for, 429 after 60 calls in 10 minutes from one IP.
 */
export const POST = route(
  {
    summary: 'Confirms or cancels the appointment of an action link (no session)',
    access: 'public',
    onboarding: false,
    params: ZActionTokenParams,
    body: ZActionBody,
    response: dataOf(ZActionView),
    errors: { ...ERRORS, 409: 'the appointment is cancelled or released', 422: 'an action this link is not for' },
    limits: [['actionLinkPerIp', ({ ip }) => ip]],
  },
  async ({ tenant, params, body, now }) => data(await performActionLink(await getDb(), tenant.id, params.token, body.action, now)),
);
