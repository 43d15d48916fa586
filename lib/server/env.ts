import 'server-only';
import { z } from 'zod';

/**
 * The server's configuration, read once from `process.env` and validated with zod.
 * This module is the only reader of `process.env` on the server.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Folder of the embedded PGlite database (used when DATABASE_URL is empty). */
  DATA_DIR: z.string().default('./data'),
  /**
   * PGlite's `shared_buffers` (PostgreSQL's buffer cache inside the WASM heap). PGlite's
   * initdb writes 128MB; 16MB keeps the embedded server's resident memory much lower, and pages outside it
   * are read from the data folder through the OS page cache. A PostgreSQL size (`16MB`, `64MB`).
   */
  PGLITE_SHARED_BUFFERS: z.string().regex(/^\d+(kB|MB|GB)$/).default('16MB'),
  /**
   * Seconds between two maintenance passes of the embedded database (lib/server/db/maintenance.ts: VACUUM
   * and ANALYZE by autovacuum's rules, which PGlite lacks); 0 runs only the pass at start.
   */
  PGLITE_MAINTENANCE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** postgres://… — when set, a PostgreSQL server is used instead of PGlite. */
  DATABASE_URL: z.string().optional(),
  /** Tenant for bare hosts (localhost, an IP address). */
  DEFAULT_TENANT: z.string().default('klok'),
  /** Port of the HTTP server (scripts/server.ts); the default public origin uses it. */
  PORT: z.coerce.number().int().positive().default(3000),
  /**
   * The public origin of a tenant's pages in the links the worker sends (confirmation requests, releases),
   * with `{tenant}` for the tenant's name, e.g. `https://{tenant}.klok.es`. Empty: `http://localhost:{PORT}`
   * for the default tenant and `http://{tenant}.localhost:{PORT}` for the others.
   */
  PUBLIC_ORIGIN: z.string().default(''),
  /** OpenID Connect issuer; Google by default. */
  OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Set by the start script when the local OpenID provider stands in for Google (http allowed). */
  OIDC_ALLOW_INSECURE: z.enum(['0', '1']).default('0'),
  /** Seed the demo tenant on an empty database. */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** Base URL of tenant assets (logos); empty means `/tenants/{tenant}/…` from public/. */
  ASSET_BASE_URL: z.string().default(''),
  /** Phone verification provider: `dev` logs the code, `firebase` verifies Firebase ID tokens. */
  PHONE_PROVIDER: z.enum(['dev', 'firebase']).default('dev'),
  FIREBASE_PROJECT_ID: z.string().optional(),
  /** Where the public keys of Firebase ID tokens are fetched (JWKS); Google's by default, a local server in tests. */
  FIREBASE_JWKS_URL: z.url().default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  /** Public Firebase web config for phone sign-in in the browser (not secrets). */
  FIREBASE_API_KEY: z.string().optional(),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  /** Public Firebase web config for push in the browser (with the above; none of it is secret). */
  FIREBASE_MESSAGING_SENDER_ID: z.string().optional(),
  FIREBASE_APP_ID: z.string().optional(),
  /** Public VAPID key of the Firebase project's web push certificate. */
  NEXT_PUBLIC_FIREBASE_VAPID_KEY: z.string().optional(),
  /** Service-account JSON for sending push with firebase-admin; without it (or GOOGLE_APPLICATION_CREDENTIALS) pushes are logged. */
  FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
  /** Support e-mail shown in the privacy policy. */
  SUPPORT_EMAIL: z.string().default('soporte@klok.app'),
  /** SMTP server for e-mail (smtp://user:pass@host:port, smtps://… for TLS); empty logs e-mails instead. */
  SMTP_URL: z.string().optional(),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().default('Klok <no-reply@klok.app>'),
  /** Store of the rate limiters: Redis (redis://host:port) when set, else the database. */
  REDIS_URL: z.string().optional(),
  /** `off` disables the rate limiters (benchmarks only; never in production). */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Multiplies every per-IP limit (e.g. many users behind one address, or a test run from one machine). */
  RATE_LIMIT_IP_FACTOR: z.coerce.number().int().positive().default(1),
  /**
   * Origins besides the tenant's own that may send writes (a separately deployed front end), comma-separated,
   * e.g. `https://app.klok.es`.
   */
  FRONTEND_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean)),
  /** PostgreSQL server: milliseconds to wait for a connection, and for one statement, before answering 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /** `0` keeps the in-process outbox worker from starting (e.g. a web-only instance). */
  OUTBOX_WORKER: z.enum(['0', '1']).default('1'),
  /** Lowest level of the JSON log lines on stdout (lib/server/log.ts); `silent` by default under Jest (NODE_ENV=test), else `info`. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Milliseconds the SIGTERM drain waits for in-flight requests before closing their connections (scripts/server.ts). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /**
   * The key that encrypts stored credentials (a tenant's WhatsApp access token and app secret): 32 bytes as
   * 64 hex digits or base64. Unset: development and tests use a fixed development key; production refuses to
   * store credentials (lib/server/secrets.ts).
   */
  SECRETS_KEY: z.string().optional(),
  /** Base URL of the WhatsApp Cloud API (Graph API version included); tests and development point it at the local double. */
  WHATSAPP_API_BASE: z.url().default('https://graph.facebook.com/v21.0'),
});

export type Env = z.infer<typeof ZEnv>;

let cached: Env | undefined;

/** Returns the validated environment; throws at start-up on a malformed configuration. */
export function env(): Env {
  cached ??= ZEnv.parse(process.env);
  return cached;
}
