/**
 * `GET /api/health` — liveness: 200 `{ "status": "ok" }` while the process can
 * answer HTTP at all. Touches no database and no session, and has no rate limit, so an orchestrator restarts
 * the process only when it is really stuck (readiness is `/api/ready`). Outside /api/v1: not part of the
 * spec's API.
 */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
