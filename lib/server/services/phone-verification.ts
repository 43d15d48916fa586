import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { MINUTE_MS } from '@/lib/domain/time';
import { normalizePhone, phoneCountryAllowed } from '@/lib/domain/phone';
import type { Db } from '@/lib/server/db/client';
import { phoneVerifications, users } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { ApiError, isUniqueViolation } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { deliverDevCode } from '@/lib/server/notifications/sms';
import { consume, consumeAll, refund, type LimitName } from '@/lib/server/rate-limit';
import type { Tenant } from '@/lib/server/tenancy';

export const CODE_TTL_MINUTES = 10;
/** Wrong codes a code survives; the attempt is counted atomically before the comparison. */
export const MAX_ATTEMPTS = 5;

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/** Throws 409 `phone_taken` when another user of the tenant has the number. */
async function assertPhoneFree(db: Db, tenantId: number, userId: string, phone: string): Promise<void> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.tlf, phone), ne(users.id, userId)))
    .limit(1);
  if (other) throw new ApiError('phone_taken', errorMessage('phoneTaken'));
}

function parsePhone(input: string, tenant: Tenant): string {
  const phone = normalizePhone(input);
  if (!phone) throw new ApiError('unprocessable', errorMessage('phoneInvalid'));
  if (!phoneCountryAllowed(phone, tenant.phoneCountries)) throw new ApiError('phone_country', errorMessage('phoneCountry'));
  return phone;
}

/**
 * Starts phone verification (spec section 4, onboarding). With the `dev` provider: generates a
 * six-digit code on the server, stores only its hash with a 10-minute expiry, and logs it.
 * With `firebase`: nothing is sent from here (the browser asks Firebase for the SMS).
 * Limits (lib/server/rate-limit.ts, each counted atomically), in this order:
 * 1. one phone lookup (per account and per IP, the budget of `GET /users/phone/{phone}`) before saying
 *    whether the number is taken, so probing numbers here is no faster than looking them up;
 * 2. codes per account, per phone number and per IP (`ip`, when known): every request for a free number counts;
 * 3. codes per tenant, spent only by a request that passed the narrower limits and given back when the
 *    code is not sent after all: refused requests never spend the salon-wide budget.
 * Errors: 422 invalid phone, 422 `phone_country` (a country the tenant does not allow), 409 `phone_taken`,
 * 429 `too_many_requests` (with Retry-After).
 */
export async function requestPhoneCode(
  db: Db,
  tenant: Tenant,
  userId: string,
  tlf: string,
  ip: string | null,
  now: number,
): Promise<{ provider: 'dev' | 'firebase'; expires_at: string | null }> {
  const phone = parsePhone(tlf, tenant);
  const lookups: [LimitName, string][] = [['phoneLookupPerUser', userId]];
  if (ip) lookups.push(['phoneLookupPerIp', ip]);
  await consumeAll(lookups);
  await assertPhoneFree(db, tenant.id, userId, phone);
  const checks: [LimitName, string][] = [
    ['phoneCodePerUser', userId],
    ['phoneCodePerPhone', phone],
  ];
  if (ip) checks.push(['phoneCodePerIp', ip]);
  await consumeAll(checks);
  const tenantKey = String(tenant.id);
  await consume('phoneCodePerTenant', tenantKey);
  if (env().PHONE_PROVIDER === 'firebase') return { provider: 'firebase', expires_at: null };
  try {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now + CODE_TTL_MINUTES * MINUTE_MS);
    const id = crypto.randomUUID();
    await db.insert(phoneVerifications).values({ id, tenantId: tenant.id, userId, phone, codeHash: hashCode(id, code), expiresAt });
    await deliverDevCode(phone, code);
    return { provider: 'dev', expires_at: expiresAt.toISOString() };
  } catch (err) {
    await refund('phoneCodePerTenant', tenantKey).catch(() => undefined);
    throw err;
  }
}

/**
 * Completes phone verification and stores the verified number on the user.
 * `dev`: checks the six-digit code against the latest request (422 `code_required` when none,
 * `code_expired` past its expiry or after 5 wrong attempts, `code_invalid` when wrong). Each attempt is
 * counted in the database (`attempts = attempts + 1 … returning`) before the comparison, so parallel guesses
 * get at most 5 comparisons per code; checks per account are also limited (429).
 * `firebase`: verifies the Firebase ID token (signature, issuer, audience, expiry) and takes the
 * phone from its `phone_number` claim — never from the browser's word alone.
 * Errors also: 409 `phone_taken`, 422 `phone_country`.
 */
export async function verifyPhone(
  db: Db,
  tenant: Tenant,
  userId: string,
  proof: { code?: string; id_token?: string },
  now: number,
): Promise<void> {
  const tenantId = tenant.id;
  await consume('phoneVerifyPerUser', userId);
  let phone: string;
  if (env().PHONE_PROVIDER === 'firebase') {
    if (!proof.id_token) throw new ApiError('code_required', errorMessage('sendFirst'));
    phone = await phoneFromFirebaseToken(proof.id_token);
    if (!phoneCountryAllowed(phone, tenant.phoneCountries)) throw new ApiError('phone_country', errorMessage('phoneCountry'));
  } else {
    const [pending] = await db
      .select({ id: phoneVerifications.id, phone: phoneVerifications.phone, codeHash: phoneVerifications.codeHash })
      .from(phoneVerifications)
      .where(and(eq(phoneVerifications.userId, userId), eq(phoneVerifications.tenantId, tenantId), isNull(phoneVerifications.verifiedAt)))
      .orderBy(desc(phoneVerifications.createdAt))
      .limit(1);
    if (!pending) throw new ApiError('code_required', errorMessage('sendFirst'));
    // Claim one attempt atomically; a spent or expired code claims none and is never compared.
    const [claimed] = await db
      .update(phoneVerifications)
      .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
      .where(
        and(
          eq(phoneVerifications.tenantId, tenantId),
          eq(phoneVerifications.id, pending.id),
          isNull(phoneVerifications.verifiedAt),
          lt(phoneVerifications.attempts, MAX_ATTEMPTS),
          gt(phoneVerifications.expiresAt, new Date(now)),
        ),
      )
      .returning({ attempts: phoneVerifications.attempts });
    if (!claimed) throw new ApiError('code_expired', errorMessage('codeExpired'));
    if (!proof.code || hashCode(pending.id, proof.code) !== pending.codeHash) {
      throw new ApiError('code_invalid', errorMessage('codeInvalid'));
    }
    await db.update(phoneVerifications).set({ verifiedAt: new Date(now) }).where(and(eq(phoneVerifications.tenantId, tenantId), eq(phoneVerifications.id, pending.id)));
    phone = pending.phone;
  }
  await assertPhoneFree(db, tenantId, userId, phone);
  try {
    await db
      .update(users)
      // The Cloud API's refusal concerns the number it refused: a new number starts without one.
      .set({ tlf: phone, phoneVerified: true, whatsappInvalidAt: sql`case when ${users.tlf} is distinct from ${phone} then null else ${users.whatsappInvalidAt} end` })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('phone_taken', errorMessage('phoneTaken'));
    throw err;
  }
}

/** The key set of Firebase ID tokens (`FIREBASE_JWKS_URL`, Google's by default), fetched and cached by jose. */
let firebaseKeys: { url: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;
function firebaseKeySet(): ReturnType<typeof createRemoteJWKSet> {
  const url = env().FIREBASE_JWKS_URL;
  if (firebaseKeys?.url !== url) firebaseKeys = { url, keys: createRemoteJWKSet(new URL(url)) };
  return firebaseKeys.keys;
}

async function phoneFromFirebaseToken(idToken: string): Promise<string> {
  const projectId = env().FIREBASE_PROJECT_ID;
  if (!projectId) throw new Error('FIREBASE_PROJECT_ID is not configured');
  try {
    const { payload } = await jwtVerify(idToken, firebaseKeySet(), {
      issuer: `https://securetoken.google.com/${projectId}`,
      audience: projectId,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const phone = typeof payload.phone_number === 'string' ? normalizePhone(payload.phone_number) : null;
    if (!phone) throw new Error('no phone_number claim');
    return phone;
  } catch {
    throw new ApiError('code_invalid', errorMessage('codeInvalid'));
  }
}
