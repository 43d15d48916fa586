import { readiness } from '@/lib/server/readiness';

/**
 * `GET /api/ready` — readiness: 200 `{ "status": "ready", "checks": … }` when the
 * database answers `select 1` within 1 s and every migration of the build is applied, and the process is
 * not draining after SIGTERM; otherwise 503 `{ error: { code: "not_ready", message, details: { checks } } }`
 * with `Retry-After: 5`, naming the failed check (lib/server/readiness.ts). No session, no rate limit.
 * Outside /api/v1: not part of the spec's API.
 */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  return readiness();
}
