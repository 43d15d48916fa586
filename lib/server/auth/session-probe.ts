import 'server-only';
import { getDb } from '@/lib/server/db/client';
import { ApiError, isDatabaseUnavailable } from '@/lib/server/errors';
import { findUserById } from '@/lib/server/repositories/users';
import { requestSession } from '@/lib/server/http';
import { tenantForHost } from '@/lib/server/tenancy';

/** What middleware.ts needs to route a page view: the status `GET /api/v1/session` would give, role, onboarding. */
export type SessionProbe = { status: number; role?: string; onboarding?: boolean };

/** The global slot middleware.ts reads (it imports nothing server-only; see `registerSessionProbe`). */
export const SESSION_PROBE_KEY = '__klokSessionProbe';

/**
 * The answer of `GET /api/v1/session` for a host, session token and client IP, computed in process (no
 * loopback HTTP call per page view). The route's steps: tenant of the host (404 unknown), then the
 * wrapper's own `requestSession` (per-IP budget 429; an unknown or expired token spends the bad-session
 * budget and answers 404), then the user row (role, onboarding). `ip` is the edge's
 * `x-klok-client-ip` (null: no per-IP budget, as in the route). An unavailable database answers 503, as the
 * route would (the middleware shows its error page, not the sign-in page); other failures propagate.
 */
export async function probeSession(host: string | null, token: string | undefined, ip: string | null): Promise<SessionProbe> {
  const tenant = await tenantForHost(host);
  if (!tenant) return { status: 404 };
  try {
    const { user } = await requestSession(tenant.id, token, ip);
    if (!user) return { status: 404 };
    const row = await findUserById(await getDb(), tenant.id, user.id);
    if (!row) return { status: 404 };
    return { status: 200, role: row.role, onboarding: row.onboardingCompleted };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'too_many_requests') return { status: 429 };
    if (isDatabaseUnavailable(err)) return { status: 503 };
    throw err;
  }
}

/**
 * Publishes `probeSession` on globalThis for middleware.ts, which runs on the Node.js runtime in this same
 * process (`config.runtime = 'nodejs'`) but must not import server code. Called once at start-up from
 * instrumentation.ts; the database stays the one globalThis singleton of lib/server/db/client.ts.
 */
export function registerSessionProbe(): void {
  (globalThis as Record<string, unknown>)[SESSION_PROBE_KEY] = probeSession;
}
