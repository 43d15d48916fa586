import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { cache } from 'react';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { cookies } from 'next/headers';
import { DAY_MS, MINUTE_MS } from '@/lib/domain/time';
import { getDb } from '@/lib/server/db/client';
import { sessions, users } from '@/lib/server/db/schema';
import { currentTenant, type Tenant } from '@/lib/server/tenancy';
import type { Role } from '@/lib/domain/roles';
import { SESSION_COOKIE } from '@/lib/tenant-host';

/**
 * The signed-in user as the server knows it; the role never comes from the browser. `onboarded`: the phone
 * is verified and the privacy policy accepted (spec section 4), as read when the session was looked up.
 */
export type SessionUser = { id: string; tenantId: number; email: string; name: string; role: Role; onboarded: boolean };

/** Absolute lifetime of a session, from sign-in. */
export const SESSION_DAYS = 30;
/** A session unused for this long ends (idle expiry). */
export const SESSION_IDLE_DAYS = 14;
/** Use is recorded at most this often per session (one write per session every few minutes, not per request). */
const TOUCH_EVERY_MS = 5 * MINUTE_MS;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opens a server-side session for a user at sign-in; returns the cookie token (only its hash is stored)
 * and its absolute expiry. `previousToken`, the session cookie the browser still held, is ended first:
 * every sign-in gets a fresh token (session rotation), never one chosen before it.
 */
export async function createSession(
  tenantId: number,
  userId: string,
  previousToken?: string,
): Promise<{ token: string; expires: Date }> {
  const db = await getDb();
  if (previousToken) {
    const previous = hash(previousToken);
    for (const key of sessionCache.keys()) if (key.endsWith(`:${previous}`)) sessionCache.delete(key);
    await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, previous)));
  }
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db.insert(sessions).values({ id: hash(token), tenantId, userId, expiresAt: expires });
  // Opportunistic clean-up of the tenant's expired and idle sessions.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        or(lt(sessions.expiresAt, new Date()), lt(sessions.lastUsedAt, new Date(Date.now() - SESSION_IDLE_DAYS * DAY_MS))),
      ),
    );
  return { token, expires };
}

/**
 * How long a session found valid is reused by this process without asking the database (one
 * query less before every handler). Revocation still takes effect within this TTL everywhere, and at once
 * in the instance that revokes: logout and sign-in rotation (`deleteSession`, `createSession`) and the
 * services that delete an account or remove a stylist (`forgetSessionsOf`) evict the cached entries.
 * A write made directly in the database (or by another instance) shows within SESSION_CACHE_TTL_MS.
 * Unknown, expired and idle tokens are never cached (they are looked up, and counted, every time).
 */
export const SESSION_CACHE_TTL_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;
type SessionCache = Map<string, { user: SessionUser; until: number }>;
const sessionCache: SessionCache = ((globalThis as { __klokSessionCache?: SessionCache }).__klokSessionCache ??= new Map());

/** Evicts the cached sessions of a user (after deleting their sessions or account); with no id, all of them. */
export function forgetSessionsOf(userId?: string): void {
  if (userId === undefined) return sessionCache.clear();
  for (const [key, { user }] of sessionCache) if (user.id === userId) sessionCache.delete(key);
}

/**
 * The user of a session token within a tenant, or null: unknown token, past its absolute expiry
 * (30 days) or idle for 14 days, of another tenant, or of a deleted user (a disabled account loses access
 * within SESSION_CACHE_TTL_MS, at once when deleted through this instance's services). Records the use at
 * most every five minutes.
 */
export async function findSessionUser(tenantId: number, token: string | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const now = Date.now();
  const id = hash(token);
  const key = `${tenantId}:${id}`;
  const hit = sessionCache.get(key);
  if (hit && hit.until > now) return hit.user;
  const user = await lookUpSession(tenantId, id, now);
  if (user) {
    if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
    sessionCache.set(key, { user, until: now + SESSION_CACHE_TTL_MS });
  } else sessionCache.delete(key);
  return user;
}

/** The database side of `findSessionUser` (session id = the token's hash). */
async function lookUpSession(tenantId: number, id: string, now: number): Promise<SessionUser | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      email: users.email,
      name: users.name,
      role: users.role,
      phoneVerified: users.phoneVerified,
      privacyPolicy: users.privacyPolicy,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.tenantId, tenantId),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastUsedAt, new Date(now - SESSION_IDLE_DAYS * DAY_MS)),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.lastUsedAt.getTime() < now - TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastUsedAt: new Date(now) }).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
  }
  return { id: row.id, tenantId: row.tenantId, email: row.email, name: row.name, role: row.role, onboarded: row.phoneVerified && row.privacyPolicy };
}

/**
 * Whether a user of the tenant has verified a phone and accepted the privacy policy, read from the database
 * now (the session's `onboarded` may be up to SESSION_CACHE_TTL_MS old, e.g. right after onboarding).
 */
export async function isOnboarded(tenantId: number, userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ phoneVerified: users.phoneVerified, privacyPolicy: users.privacyPolicy })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return Boolean(row?.phoneVerified && row.privacyPolicy);
}

/** Ends a session of the tenant (logout), evicting it from this process's cache; a token of another tenant is left alone. */
export async function deleteSession(tenantId: number, token: string | undefined): Promise<void> {
  if (!token) return;
  sessionCache.delete(`${tenantId}:${hash(token)}`);
  const db = await getDb();
  await db.delete(sessions).where(and(eq(sessions.id, hash(token)), eq(sessions.tenantId, tenantId)));
}

/** Cookie attributes of the session cookie: httpOnly, SameSite=Lax, Secure behind https. */
export function sessionCookieOptions(secure: boolean, expires?: Date) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', ...(expires ? { expires } : {}) };
}

/** The current request's tenant and user (server components), cached per request. */
export const getSession = cache(async (): Promise<{ tenant: Tenant | null; user: SessionUser | null }> => {
  const tenant = await currentTenant();
  if (!tenant) return { tenant: null, user: null };
  const jar = await cookies();
  const user = await findSessionUser(tenant.id, jar.get(SESSION_COOKIE)?.value);
  return { tenant, user };
});

/** True for employee and admin (identical rights, spec section 6). */
export function isStaff(role: Role): boolean {
  return role === 'employee' || role === 'admin';
}
