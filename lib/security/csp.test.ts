import { getScriptNonceFromHeader } from 'next/dist/server/app-render/get-script-nonce-from-header';
import {
  API_CSP,
  contentSecurityPolicy,
  createNonce,
  cspOptionsFromEnv,
  FIREBASE_PHONE_CONNECT,
  FIREBASE_PUSH_CONNECT,
  hstsHeader,
  originOf,
} from './csp';

/** The policy as a map directive → sources. */
function parse(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(out.has(name)).toBe(false); // no directive twice
    out.set(name, sources);
  }
  return out;
}

const NONCE = 'AAECAwQFBgcICQoLDA0ODw==';

describe('createNonce', () => {
  it('is 16 random bytes in base64 that Next accepts, fresh each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const nonce = createNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(getScriptNonceFromHeader(`script-src 'nonce-${nonce}'`)).toBe(nonce);
      seen.add(nonce);
    }
    expect(seen.size).toBe(50);
  });
});

describe('originOf', () => {
  it.each([
    ['https://cdn.example.com/klok/assets/', 'https://cdn.example.com'],
    ['http://localhost:4000', 'http://localhost:4000'],
    ['HTTPS://API.Example.com:8443/v1', 'https://api.example.com:8443'],
    ['//cdn.example.com/x', 'https://cdn.example.com'],
    ['  https://cdn.example.com  ', 'https://cdn.example.com'],
    ['', null],
    [undefined, null],
    [null, null],
    ['/tenants', null],
    ['cdn.example.com', null],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AA', null],
    ['https://', null],
  ])('%p → %p', (url, origin) => {
    expect(originOf(url)).toBe(origin);
  });
});

describe('contentSecurityPolicy', () => {
  it('is the strict default: nonce + strict-dynamic scripts, no eval, nothing framed, no plug-ins', () => {
    const policy = contentSecurityPolicy({ nonce: NONCE });
    expect(policy).toBe(
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/[\r\n]/);
  });

  it('gives Next.js the nonce back (it reads the request header the middleware sets)', () => {
    expect(getScriptNonceFromHeader(contentSecurityPolicy({ nonce: NONCE }))).toBe(NONCE);
    const nonce = createNonce();
    const full = contentSecurityPolicy({
      nonce,
      dev: true,
      firebasePhone: { authDomain: 'x.firebaseapp.com' },
      firebasePush: true,
    });
    expect(getScriptNonceFromHeader(full)).toBe(nonce);
  });

  it("allows 'unsafe-eval' only in development", () => {
    expect(parse(contentSecurityPolicy({ nonce: NONCE, dev: true })).get('script-src')).toContain("'unsafe-eval'");
    expect(parse(contentSecurityPolicy({ nonce: NONCE, dev: false })).get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('adds the asset and API origins where they are used, only as origins', () => {
    const p = parse(
      contentSecurityPolicy({
        nonce: NONCE,
        assetBaseUrl: 'https://cdn.example.com/tenants/',
        apiBaseUrl: 'https://api.example.com/base',
      }),
    );
    expect(p.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
    expect(p.get('connect-src')).toEqual(["'self'", 'https://api.example.com']);
    expect(p.get('script-src')).not.toContain('https://cdn.example.com');
  });

  it('ignores relative or malformed base URLs (same origin already allowed)', () => {
    const p = parse(contentSecurityPolicy({ nonce: NONCE, assetBaseUrl: '/assets', apiBaseUrl: 'not a url; script-src *' }));
    expect(p.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(p.get('connect-src')).toEqual(["'self'"]);
    expect(p.get('script-src')).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'"]);
  });

  it('opens Firebase phone sign-in (reCAPTCHA, auth domain) only when configured', () => {
    const off = parse(contentSecurityPolicy({ nonce: NONCE }));
    expect(off.has('frame-src')).toBe(false);
    for (const host of FIREBASE_PHONE_CONNECT) expect(off.get('connect-src')).not.toContain(host);

    const on = parse(contentSecurityPolicy({ nonce: NONCE, firebasePhone: { authDomain: 'klok-prod.firebaseapp.com' } }));
    expect(on.get('frame-src')).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
      'https://klok-prod.firebaseapp.com',
    ]);
    expect(on.get('connect-src')).toEqual(["'self'", ...FIREBASE_PHONE_CONNECT]);
    expect(on.get('script-src')).toEqual([
      "'self'",
      `'nonce-${NONCE}'`,
      "'strict-dynamic'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(on.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('accepts an auth domain written as a URL and drops a malformed one', () => {
    expect(parse(contentSecurityPolicy({ nonce: NONCE, firebasePhone: { authDomain: 'https://auth.klok.app/' } })).get('frame-src')).toContain(
      'https://auth.klok.app',
    );
    const bad = parse(contentSecurityPolicy({ nonce: NONCE, firebasePhone: { authDomain: 'a b;c' } })).get('frame-src');
    expect(bad).toEqual(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
  });

  it('opens Firebase Cloud Messaging only when push is configured', () => {
    expect(parse(contentSecurityPolicy({ nonce: NONCE, firebasePush: true })).get('connect-src')).toEqual([
      "'self'",
      ...FIREBASE_PUSH_CONNECT,
    ]);
    expect(parse(contentSecurityPolicy({ nonce: NONCE, firebasePush: false })).get('connect-src')).toEqual(["'self'"]);
  });
});

describe('cspOptionsFromEnv', () => {
  const push = {
    FIREBASE_API_KEY: 'k',
    FIREBASE_PROJECT_ID: 'klok-e2e',
    FIREBASE_MESSAGING_SENDER_ID: '0',
    FIREBASE_APP_ID: '1:0:web:0',
    NEXT_PUBLIC_FIREBASE_VAPID_KEY: 'B',
  };

  it('is the strict default with nothing configured', () => {
    expect(cspOptionsFromEnv({ NODE_ENV: 'production' }, NONCE)).toEqual({
      nonce: NONCE,
      dev: false,
      assetBaseUrl: null,
      apiBaseUrl: null,
      firebasePhone: null,
      firebasePush: false,
    });
    expect(cspOptionsFromEnv({ NODE_ENV: 'development' }, NONCE).dev).toBe(true);
    expect(cspOptionsFromEnv({ NODE_ENV: 'test' }, NONCE).dev).toBe(false);
  });

  it('turns push on with the whole public messaging config, as pushWebConfig does', () => {
    expect(cspOptionsFromEnv(push, NONCE).firebasePush).toBe(true);
    for (const key of Object.keys(push)) {
      expect(cspOptionsFromEnv({ ...push, [key]: '' }, NONCE).firebasePush).toBe(false);
    }
    // Push alone does not open phone sign-in.
    expect(cspOptionsFromEnv(push, NONCE).firebasePhone).toBeNull();
  });

  it('turns phone sign-in on with PHONE_PROVIDER=firebase, the key and the project, as onboarding does', () => {
    const env = { PHONE_PROVIDER: 'firebase', FIREBASE_API_KEY: 'k', FIREBASE_PROJECT_ID: 'klok-prod' };
    expect(cspOptionsFromEnv(env, NONCE).firebasePhone).toEqual({ authDomain: 'klok-prod.firebaseapp.com' });
    expect(cspOptionsFromEnv({ ...env, FIREBASE_AUTH_DOMAIN: 'auth.klok.app' }, NONCE).firebasePhone).toEqual({
      authDomain: 'auth.klok.app',
    });
    expect(cspOptionsFromEnv({ ...env, PHONE_PROVIDER: 'dev' }, NONCE).firebasePhone).toBeNull();
    expect(cspOptionsFromEnv({ ...env, FIREBASE_API_KEY: undefined }, NONCE).firebasePhone).toBeNull();
  });

  it('passes the base URLs through', () => {
    const o = cspOptionsFromEnv({ ASSET_BASE_URL: 'https://cdn.x/', NEXT_PUBLIC_API_BASE_URL: 'https://api.x' }, NONCE);
    expect(o.assetBaseUrl).toBe('https://cdn.x/');
    expect(o.apiBaseUrl).toBe('https://api.x');
  });
});

describe('hstsHeader', () => {
  it.each([
    ['https', 'max-age=63072000; includeSubDomains'],
    ['HTTPS', 'max-age=63072000; includeSubDomains'],
    [' https , http', 'max-age=63072000; includeSubDomains'],
    ['http', null],
    ['http, https', null],
    ['', null],
    [null, null],
    ['wss', null],
  ])('%p → %p', (proto, value) => {
    expect(hstsHeader(proto)).toBe(value);
  });
});

describe('API_CSP', () => {
  it('lets nothing load and nothing frame', () => {
    expect(parse(API_CSP)).toEqual(
      new Map([
        ['default-src', ["'none'"]],
        ['frame-ancestors', ["'none'"]],
      ]),
    );
  });
});
