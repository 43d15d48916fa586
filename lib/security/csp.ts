/**
 * Security headers of the pages and the API: the Content-Security-Policy of every page, built
 * per request around a fresh nonce by the request edge (middleware.ts), the strict policy of API answers,
 * and Strict-Transport-Security. Pure: no I/O, no framework, nothing server-only (the middleware and the
 * route wrapper both import it).
 *
 * Next.js reads the nonce back from the `Content-Security-Policy` request header the middleware sets
 * (`'nonce-…'` in `script-src`) and puts it on every script it renders itself (bootstrap chunks, the
 * inline RSC payload `self.__next_f.push(…)`), so with `'strict-dynamic'` only Next's scripts and the
 * scripts they load (lazy chunks, Firebase's reCAPTCHA loader) run.
 */

/** The policy of every API answer (JSON only: nothing may load, nothing may frame it). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Strict-Transport-Security for answers sent over https: two years, subdomains included. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** Firebase Auth (phone sign-in with an invisible reCAPTCHA) talks to these from the browser. */
export const FIREBASE_PHONE_CONNECT = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.google.com/recaptcha/',
] as const;

/** Where reCAPTCHA's scripts come from (only for browsers without `'strict-dynamic'`) and its frames. */
export const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] as const;
export const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] as const;

/** Firebase Cloud Messaging (push token in the browser) talks to these. */
export const FIREBASE_PUSH_CONNECT = [
  'https://fcm.googleapis.com',
  'https://fcmregistrations.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
] as const;

/** What the page policy depends on besides the nonce. */
export type CspOptions = {
  /** The per-request nonce (base64), see `createNonce`. */
  nonce: string;
  /** `next dev` needs `eval` (React Refresh, source maps); never in production. */
  dev?: boolean;
  /** ASSET_BASE_URL (tenant logos on a CDN): its origin may serve images. */
  assetBaseUrl?: string | null;
  /** NEXT_PUBLIC_API_BASE_URL (a separately deployed API): its origin may be fetched. */
  apiBaseUrl?: string | null;
  /** Phone sign-in through Firebase (PHONE_PROVIDER=firebase): its auth domain may be framed. */
  firebasePhone?: { authDomain: string } | null;
  /** Push through Firebase Cloud Messaging is configured in the browser. */
  firebasePush?: boolean;
};

/**
 * A fresh nonce: 16 random bytes in base64 (Web Crypto, so it runs in the edge runtime, Node and tests).
 * Next accepts `[A-Za-z0-9+/_-]+={0,2}` as a nonce.
 */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * The origin (`https://cdn.example.com`) of an absolute http(s) URL or a protocol-relative one (`//cdn…`,
 * taken as https); null for empty, relative (same origin) or malformed values.
 */
export function originOf(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  const absolute = value.startsWith('//') ? `https:${value}` : value;
  if (!/^https?:\/\//i.test(absolute)) return null;
  try {
    const origin = new URL(absolute).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of a page. `'unsafe-eval'` only in development; styles allow
 * `'unsafe-inline'` because FullCalendar injects its stylesheet as `<style>` elements and React renders
 * `style` attributes (avatar colours, the service work bar), which nonces cannot cover.
 */
export function contentSecurityPolicy(o: CspOptions): string {
  const phone = o.firebasePhone ?? null;
  const script = ["'self'", `'nonce-${o.nonce}'`, "'strict-dynamic'"];
  if (phone) script.push(...RECAPTCHA_SCRIPTS);
  if (o.dev) script.push("'unsafe-eval'");

  const img = ["'self'", 'data:', 'blob:'];
  const asset = originOf(o.assetBaseUrl);
  if (asset) img.push(asset);

  const connect = ["'self'"];
  const api = originOf(o.apiBaseUrl);
  if (api) connect.push(api);
  if (phone) connect.push(...FIREBASE_PHONE_CONNECT);
  if (o.firebasePush) connect.push(...FIREBASE_PUSH_CONNECT);

  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', img],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', unique(connect)],
  ];
  if (phone) {
    const authDomain = originOf(`https://${phone.authDomain.replace(/^https?:\/\//i, '')}`);
    directives.push(['frame-src', unique([...RECAPTCHA_FRAMES, ...(authDomain ? [authDomain] : [])])]);
  }
  directives.push(
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    // The login is a link to the API, which redirects to the provider: no form posts anywhere else.
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  );
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The policy options from the process environment (the same variables the server reads): Firebase phone
 * sign-in when PHONE_PROVIDER=firebase with the API key and project (as the onboarding page decides),
 * Firebase push when the whole public messaging config is set (as `pushWebConfig` decides).
 */
export function cspOptionsFromEnv(env: Record<string, string | undefined>, nonce: string): CspOptions {
  const project = env.FIREBASE_PROJECT_ID;
  const firebase = !!env.FIREBASE_API_KEY && !!project;
  const phone = firebase && env.PHONE_PROVIDER === 'firebase';
  const push =
    firebase && !!env.FIREBASE_MESSAGING_SENDER_ID && !!env.FIREBASE_APP_ID && !!env.NEXT_PUBLIC_FIREBASE_VAPID_KEY;
  return {
    nonce,
    dev: env.NODE_ENV === 'development',
    assetBaseUrl: env.ASSET_BASE_URL ?? null,
    apiBaseUrl: env.NEXT_PUBLIC_API_BASE_URL ?? null,
    firebasePhone: phone ? { authDomain: env.FIREBASE_AUTH_DOMAIN || `${project}.firebaseapp.com` } : null,
    firebasePush: push,
  };
}

/**
 * Strict-Transport-Security for a request that arrived with `proto` (the X-Forwarded-Proto value; a list
 * takes its first entry, the client-facing hop): the header value over https, null otherwise (browsers
 * ignore it over http, and a local http deployment must not pin itself to https).
 */
export function hstsHeader(proto: string | null): string | null {
  const first = proto?.split(',')[0]?.trim().toLowerCase();
  return first === 'https' ? HSTS : null;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
