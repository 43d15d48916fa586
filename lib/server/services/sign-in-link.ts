import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { MINUTE_MS } from '@/lib/domain/time';
import { safeNextPath } from '@/lib/domain/next-path';
import type { Db } from '@/lib/server/db/client';
import { salonOf } from '@/lib/server/notifications/appointment-emails';
import { queueEmail } from '@/lib/server/notifications/outbox';
import { signInLinkEmail } from '@/lib/server/notifications/templates';
import { claimHolds, findHold } from '@/lib/server/repositories/holds';
import { consumeSignInLink, insertSignInLink } from '@/lib/server/repositories/sign-in-links';
import { findUserByEmail, isRemovedStaff, type UserRow } from '@/lib/server/repositories/users';
import { findOrCreateByIdentity } from './find-or-create-by-identity';

/** Minutes a sign-in link stays valid (beyond-the-spec §1). */
export const SIGN_IN_LINK_MINUTES = 15;
/** The path of the link's landing handler; the token follows as `?token=`. */
export const SIGN_IN_LINK_PATH = '/api/v1/auth/email-link/callback';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends a single-use sign-in link to `email` (beyond-the-spec §1 "Recibir un enlace por correo"): a random
 * 256-bit token, stored only as its SHA-256 with the address, the validated `next` path and an expiry
 * SIGN_IN_LINK_MINUTES after `now` (epoch ms), and the e-mail "Tu enlace para entrar en {salon}" queued in
 * the outbox in the same transaction. `holdId`: a hold of the requesting browser (`holderHash`), kept with the
 * link so the account takes it over when the link is opened, on this device or another; any other hold is
 * dropped. An address that can never sign in (the salon's guest account, a removed
 * stylist) gets nothing; the caller answers the same either way, so the answer reveals no account.
 * `origin`: the public origin of the tenant's host, for the link. Returns whether a link was queued.
 */
export async function requestSignInLink(
  db: Db,
  tenantId: number,
  input: { email: string; next?: string | null; origin: string; holdId?: string | null; holderHash?: string | null },
  now: number,
): Promise<boolean> {
  const existing = await findUserByEmail(db, tenantId, input.email);
  if (existing && (existing.isGuest || (await isRemovedStaff(db, tenantId, existing)))) return false;
  // Only the requesting browser's own unbooked hold travels with the link.
  const held = input.holdId ? await findHold(db, tenantId, input.holdId, { hash: input.holderHash ?? null, userId: null }) : null;
  const holdId = held && held.appointmentId === null ? held.id : null;
  const token = randomBytes(32).toString('base64url');
  const link = `${input.origin.replace(/\/$/, '')}${SIGN_IN_LINK_PATH}?token=${token}`;
  await db.transaction(async (tx) => {
    await insertSignInLink(
      tx,
      tenantId,
      {
        id: hashToken(token),
        email: input.email,
        nextPath: safeNextPath(input.next ?? null),
        holdId,
        expiresAt: new Date(now + SIGN_IN_LINK_MINUTES * MINUTE_MS),
      },
      new Date(now),
    );
    const mail = signInLinkEmail({ salon: await salonOf(tx, tenantId), email: input.email, link, minutes: SIGN_IN_LINK_MINUTES });
    await queueEmail(tx, tenantId, { to: input.email, ...mail });
  });
  return true;
}

/**
 * Opens a sign-in link: consumes its token atomically (unknown, expired at `now` (epoch ms), already used,
 * or of another tenant → `{ ok: false, reason: 'link' }`) and finds or creates the user of its address with
 * the same identity rules as Google sign-in (`find-or-create-by-identity`: a removed stylist or the guest →
 * `{ ok: false, reason: 'account' }`). On success the account takes over the hold the link carries, if any
 * and no account has it yet, and the answer is the user and the same-origin path to open, if any.
 */
export async function openSignInLink(
  db: Db,
  tenantId: number,
  token: string | undefined,
  now: number,
): Promise<{ ok: true; user: UserRow; next: string | null } | { ok: false; reason: 'link' | 'account' }> {
  if (!token) return { ok: false, reason: 'link' };
  const link = await consumeSignInLink(db, tenantId, hashToken(token), new Date(now));
  if (!link) return { ok: false, reason: 'link' };
  const user = await findOrCreateByIdentity(db, tenantId, { email: link.email, name: '' });
  if (!user) return { ok: false, reason: 'account' };
  await claimHolds(db, tenantId, user.id, { holdId: link.holdId });
  return { ok: true, user, next: safeNextPath(link.nextPath) };
}
