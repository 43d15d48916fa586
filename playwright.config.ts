import { defineConfig } from '@playwright/test';
import { ZONE } from './lib/domain/time';

/**
 * End-to-end tests in Debian's Chromium (no browser download) against the built app, started by the
 * same start script as the README's first command, with a fresh embedded database and the local
 * OpenID provider. Ports 3100/3101 so a running dev server does not interfere.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3101);
/** Data folder of the e2e server (separate checkouts or helpers may run side by side with their own). */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'es-ES',
    timezoneId: ZONE,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 412, height: 860 } } }],
  webServer: {
    // The second salon (e2e/access-matrix.spec.ts signs in there as its admin) is created before the
    // server opens the embedded database; SEED_DEMO=1 so tenant:create seeds the demo tenant klok first
    // (the start script's own seed step then finds the database seeded).
    command: `rm -rf ${DATA_DIR} && BUILD_SKIP_TYPECHECK=1 npm run build && DATA_DIR=${DATA_DIR} SEED_DEMO=1 PORT=${PORT} npm run tenant:create -- --slug salon2 --name "Salón 2" --admin-email admin@salon2.demo && DATA_DIR=${DATA_DIR} PORT=${PORT} DEV_OIDC_PORT=${OIDC_PORT} npx tsx scripts/start.ts`,
    url: `http://localhost:${PORT}/login`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      // The request log (one JSON line per API call) is checked by Jest (test/api/request-log.test.ts);
      // here it would bury the test report.
      LOG_LEVEL: 'warn',
      DEV_OIDC: '1',
      // The local OpenID provider accepts redirects to these hosts (salon2: the access matrix).
      DEV_OIDC_HOSTS: 'localhost,klok.localhost,127.0.0.1,salon2.localhost',
      // Every test signs in from 127.0.0.1: the per-IP limits (sign-ins, bad session cookies) are made
      // 20 times larger, as for many users behind one address. Per-account limits are unchanged.
      RATE_LIMIT_IP_FACTOR: '20',
      // A production server stores credentials (a salon's WhatsApp connection) only with an encryption key.
      SECRETS_KEY: '6b6c6f6b2d6532652d736563726574732d6b65792d3332206279746573212121',
      // Fake public Firebase web config so the push registration renders (e2e/push.spec.ts stubs the
      // FCM calls). Phone sign-in stays on the dev provider: it only uses these with PHONE_PROVIDER=firebase.
      FIREBASE_API_KEY: 'e2e-fake-api-key',
      FIREBASE_PROJECT_ID: 'klok-e2e',
      FIREBASE_MESSAGING_SENDER_ID: '000000000000',
      FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
      NEXT_PUBLIC_FIREBASE_VAPID_KEY: 'BE4TnTTDQzjWLjczrUW6BUvaNTsRIa4YTpWEOvVRqRPVhXuawSPU6kKw8N0THBgbmQSxWyt4Z4y5brSV3_Hw0Hc',
    },
  },
});
