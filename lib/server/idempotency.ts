import 'server-only';
import { createHash } from 'node:crypto';
import { NextResponse } from 'next/server';
import { canonicalJson } from '@/lib/domain/idempotency';
import type { Db, Tx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import type { Reply } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { claimKey, findLiveAnswer, recordAnswer, type KeyScope } from '@/lib/server/repositories/idempotency-keys';

/**
 * What a use case does with an `Idempotency-Key` inside its transaction: `claim` first (it waits for a
 * concurrent request with the key, and stops this one when that one committed), `record` last with the
 * result, so the key commits with the write or not at all.
 */
export type KeyClaim<T> = { claim(tx: Tx): Promise<void>; record(tx: Tx, result: T): Promise<void> };

/** An idempotent call: who, which operation, the key (absent: an ordinary call), the parsed request and the instant (epoch ms). */
export type IdempotentCall = {
  tenantId: number;
  userId: string;
  operation: string;
  key: string | undefined;
  request: unknown;
  now: number;
};

/** Thrown by `claim` when another request with the key committed first; `idempotent` answers with its answer. */
class KeyAlreadyAnswered extends Error {}

/** Header set on an answer that replays a stored one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * Runs a write at most once per key (beyond-the-spec §1 "Idempotency"). Without a key it runs `run`
 * and answers `{ status, json: envelope(result) }`. With one, scoped to the tenant, the account and the
 * operation: a live stored answer (under 24 hours old) for the same request (SHA-256 of its canonical JSON)
 * is answered again as it was (status and body, with `Idempotent-Replayed: true`) and nothing runs; for
 * another request, 422 `idempotency_key_reused`. Otherwise `run` gets a `KeyClaim` to call inside its
 * transaction; a concurrent request with the key waits there and then answers the stored answer. Only
 * successful answers are stored: a refusal rolls the key back with the write, and a retry is judged again.
 */
export async function idempotent<T>(
  db: Db,
  call: IdempotentCall,
  answer: { status: number; envelope: (result: T) => unknown },
  run: (claim: KeyClaim<T> | undefined) => Promise<T>,
): Promise<Reply> {
  if (!call.key) return { status: answer.status, json: answer.envelope(await run(undefined)) };
  const scope: KeyScope = { tenantId: call.tenantId, userId: call.userId, operation: call.operation, key: call.key };
  const requestHash = createHash('sha256').update(canonicalJson(call.request)).digest('hex');
  const stored = await replay(db, scope, requestHash, call.now);
  if (stored) return stored;
  try {
    const result = await run({
      claim: async (tx) => {
        if (!(await claimKey(tx, scope, requestHash, call.now))) throw new KeyAlreadyAnswered();
      },
      record: (tx, result) => recordAnswer(tx, scope, answer.status, answer.envelope(result), call.now),
    });
    return { status: answer.status, json: answer.envelope(result) };
  } catch (err) {
    if (!(err instanceof KeyAlreadyAnswered)) throw err;
    const winner = await replay(db, scope, requestHash, call.now);
    if (winner) return winner;
    // The winner's key expired in between: nothing to replay, and this request wrote nothing.
    throw new ApiError('conflict', errorMessage('conflict'));
  }
}

/** The stored answer of a live key as a Response, 422 when it answered another request, or null. */
async function replay(db: Db, scope: KeyScope, requestHash: string, now: number): Promise<Response | null> {
  const stored = await findLiveAnswer(db, scope, now);
  if (!stored) return null;
  if (stored.requestHash !== requestHash) throw new ApiError('idempotency_key_reused', errorMessage('idempotencyKeyReused'));
  return NextResponse.json(stored.response, { status: stored.status, headers: { [REPLAYED_HEADER]: 'true' } });
}
