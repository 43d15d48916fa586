import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { cache } from 'react';
import { and, eq, gt, lt } from 'drizzle-orm';
import { cookies } from 'next/headers';
import { getDb } from '@/lib/server/db/client';
import { sessions, users } from '@/lib/server/db/schema';
import { currentTenant, type Tenant } from '@/lib/server/tenancy';
import { SESSION_COOKIE } from '@/lib/tenant-host';

export type Role = 'client' | 'employee' | 'admin';
/** The signed-in user as the server knows it; the role never comes from the browser. */
export type SessionUser = { id: string; tenantId: number; email: string; name: string; role: Role };

export const SESSION_DAYS = 30;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a server-side session for a user; returns the cookie token (only its hash is stored). */
export async function createSession(tenantId: number, userId: string): Promise<{ token: string; expires: Date }> {
  const db = await getDb();
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({ id: hash(token), tenantId, userId, expiresAt: expires });
  // Opportunistic clean-up of expired sessions of the tenant.
  await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), lt(sessions.expiresAt, new Date())));
  return { token, expires };
}

/** The user of a session token within a tenant, or null (unknown, expired or of another tenant). */
export async function findSessionUser(tenantId: number, token: string | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, tenantId: users.tenantId, email: users.email, name: users.name, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hash(token)), eq(sessions.tenantId, tenantId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Ends a session (logout). */
export async function deleteSession(token: string | undefined): Promise<void> {
  if (!token) return;
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.id, hash(token)));
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
