/**
 * Phone verification with Firebase (spec section 4, onboarding): with `PHONE_PROVIDER=firebase`
 * the browser sends the Firebase ID token to `POST /users/{email}/phone/verify`, and the server verifies it
 * (RS256 signature against the project's key set, issuer `https://securetoken.google.com/<project>`,
 * audience = project id, expiry) and stores the phone of the token's `phone_number` claim, never one from the
 * body. The key set is served by a local HTTP server through the same lookup production uses
 * (`FIREBASE_JWKS_URL`, Google's by default), with tokens signed by a test key made here.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { POST as requestCode } from '@/app/api/v1/users/[email]/phone/code/route';
import { POST as verifyCode } from '@/app/api/v1/users/[email]/phone/verify/route';
import { GET as getUser } from '@/app/api/v1/users/[email]/route';
import messages from '@/lib/i18n/messages/es.json';
import { call, closeTestDb, openTestDb } from './harness';
import { createClient, DB_TIMEOUT } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

const PROJECT = 'klok-test';
const KID = 'test-key-1';
let server: Server;
let jwksRequests = 0;
let privateKey: CryptoKey;
/** Another key pair, never published: tokens it signs must fail the signature check. */
let strangerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    jwksRequests++;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.PHONE_PROVIDER = 'firebase';
  process.env.FIREBASE_PROJECT_ID = PROJECT;
  process.env.FIREBASE_JWKS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  await openTestDb();
}, DB_TIMEOUT);
afterAll(async () => {
  await closeTestDb();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type TokenOptions = {
  phone?: string | null;
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative: already expired. */
  expiresIn?: number;
  key?: CryptoKey;
};

/** A Firebase-shaped ID token (claims as Firebase Auth issues them after phone sign-in). */
async function idToken(o: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = { auth_time: now - 60, firebase: { sign_in_provider: 'phone', identities: {} } };
  if (o.phone !== null) claims.phone_number = o.phone ?? '+34699000001';
  const exp = now + (o.expiresIn ?? 3600);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer(o.issuer ?? `https://securetoken.google.com/${PROJECT}`)
    .setAudience(o.audience ?? PROJECT)
    .setSubject('firebase-uid-123')
    .setIssuedAt(Math.min(now, exp - 3600))
    .setExpirationTime(exp)
    .sign(o.key ?? privateKey);
}

const verify = (email: string, cookie: string, body: unknown) =>
  call(verifyCode, { method: 'POST', path: `/api/v1/users/${email}/phone/verify`, params: { email }, body, cookie });
const readUser = (email: string, cookie: string) => call(getUser, { path: `/api/v1/users/${email}`, params: { email }, cookie });

let n = 0;
/** A new client without a phone. */
async function newClient() {
  const email = `firebase-${++n}@example.com`;
  const { cookie } = await createClient(email);
  return { email, cookie };
}

const INVALID = { code: 'code_invalid', message: messages.errors.codeInvalid };

describe('POST /users/{email}/phone/verify with Firebase', () => {
  it('requesting a code sends nothing from the server: the browser asks Firebase', async () => {
    const { email, cookie } = await newClient();
    const r = await call(requestCode, { method: 'POST', path: `/api/v1/users/${email}/phone/code`, params: { email }, body: { tlf: '+34 699 000 009' }, cookie });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ provider: 'firebase', expires_at: null });
  });

  it('a valid token verifies the phone of its phone_number claim, through the served key set', async () => {
    const { email, cookie } = await newClient();
    const r = await verify(email, cookie, { id_token: await idToken({ phone: '+34 699 000 001' }) });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ email, tlf: '+34699000001', phone_verified: true });
    expect((await readUser(email, cookie)).body.data).toMatchObject({ tlf: '+34699000001', phone_verified: true });
    // The keys came from FIREBASE_JWKS_URL (fetched once, then cached by the key-set lookup).
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it("ignores a phone in the body: the token's number is stored", async () => {
    const { email, cookie } = await newClient();
    const r = await verify(email, cookie, { id_token: await idToken({ phone: '+34699000002' }), tlf: '+34699999999', phone_number: '+34699999998' });
    expect(r.status).toBe(200);
    expect(r.body.data.tlf).toBe('+34699000002');
  });

  it.each<[string, () => Promise<string>]>([
    ['the audience is another project', () => idToken({ phone: '+34699000003', audience: 'otro-proyecto' })],
    ['the issuer is not Firebase for this project', () => idToken({ phone: '+34699000003', issuer: 'https://securetoken.google.com/otro-proyecto' })],
    ['the issuer is another service', () => idToken({ phone: '+34699000003', issuer: 'https://accounts.google.com' })],
    ['it has expired', () => idToken({ phone: '+34699000003', expiresIn: -60 })],
    ['its signature is not from the published key', () => idToken({ phone: '+34699000003', key: strangerKey })],
    ['it has no phone_number claim', () => idToken({ phone: null })],
    ['its phone_number is not a phone', () => idToken({ phone: 'no-es-un-telefono' })],
  ])('refuses a token when %s (422 code_invalid) and stores nothing', async (_case, make) => {
    const { email, cookie } = await newClient();
    const r = await verify(email, cookie, { id_token: await make(), tlf: '+34699000003' });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual(INVALID);
    expect((await readUser(email, cookie)).body.data).toMatchObject({ tlf: null, phone_verified: false });
  });

  it('refuses a tampered token (payload changed after signing) and a token that is not a JWT', async () => {
    const { email, cookie } = await newClient();
    const [h, , s] = (await idToken({ phone: '+34699000004' })).split('.');
    const forged = Buffer.from(JSON.stringify({ phone_number: '+34699000005', aud: PROJECT, iss: `https://securetoken.google.com/${PROJECT}` })).toString('base64url');
    for (const id_token of [`${h}.${forged}.${s}`, 'no-es-un-token']) {
      const r = await verify(email, cookie, { id_token });
      expect(r.status).toBe(422);
      expect(r.body.error).toEqual(INVALID);
    }
  });

  it('without an ID token answers 422 code_required, even with a code', async () => {
    const { email, cookie } = await newClient();
    const r = await verify(email, cookie, { code: '123456' });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'code_required', message: messages.errors.sendFirst });
  });

  it("refuses a token whose number another user has (409 phone_taken)", async () => {
    const first = await newClient();
    expect((await verify(first.email, first.cookie, { id_token: await idToken({ phone: '+34699000006' }) })).status).toBe(200);
    const second = await newClient();
    const r = await verify(second.email, second.cookie, { id_token: await idToken({ phone: '+34699000006' }) });
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: 'phone_taken', message: messages.errors.phoneTaken });
  });

  it("refuses verifying another user's account (403)", async () => {
    const { cookie } = await newClient();
    const other = await newClient();
    const r = await verify(other.email, cookie, { id_token: await idToken({ phone: '+34699000007' }) });
    expect(r.status).toBe(403);
  });
});
