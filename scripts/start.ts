/**
 * Starts Klok: `tsx scripts/start.ts [--dev]`.
 * - Without a Google client (OIDC_CLIENT_ID unset), also starts the local OpenID provider with the demo
 *   accounts on DEV_OIDC_PORT (3001) and points the app at it, with a fresh random client secret.
 *   It never starts under NODE_ENV=production unless DEV_OIDC=1.
 * - Without an SMTP server (SMTP_URL unset), and under the same rule, also starts the local mail catcher on
 *   127.0.0.1:DEV_SMTP_PORT (2525), which writes each e-mail to DATA_DIR/mail as `.eml`; the app sends to it
 *   (SMTP_URL) and shows the messages to staff on `/mail` (DEV_MAIL_DIR).
 * - `--dev` runs Next.js in development mode; otherwise builds once when no build exists and runs the
 *   production server. Either way Next.js runs inside scripts/server.ts, the request edge (issue 9).
 * The embedded database (PGlite in DATA_DIR) is migrated and seeded with the demo tenant at first use.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { redirectUrisFor, startDevOidc } from './dev-oidc';
import { startDevSmtp } from './dev-smtp';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };

async function main() {
  const production = process.env.NODE_ENV === 'production';
  if (!process.env.OIDC_CLIENT_ID && (!production || process.env.DEV_OIDC === '1')) {
    const oidcPort = Number(process.env.DEV_OIDC_PORT ?? 3001);
    const hosts = (process.env.DEV_OIDC_HOSTS ?? 'localhost,klok.localhost,127.0.0.1').split(',').map((h) => h.trim());
    const clientSecret = randomBytes(24).toString('base64url');
    const { issuer } = await startDevOidc({
      port: oidcPort,
      clientId: 'klok-local',
      clientSecret,
      redirectUris: redirectUrisFor(hosts, port),
    });
    Object.assign(childEnv, {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'klok-local',
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_ALLOW_INSECURE: '1',
    });
    console.log(`[klok] local OpenID provider at ${issuer} (demo accounts; hosts: ${hosts.join(', ')})`);
  }
  if (!process.env.SMTP_URL && (!production || process.env.DEV_OIDC === '1')) {
    const smtpPort = Number(process.env.DEV_SMTP_PORT ?? 2525);
    const dataDir = process.env.DATA_DIR && !process.env.DATA_DIR.includes('://') ? process.env.DATA_DIR : './data';
    const dir = path.resolve(dataDir, 'mail');
    const { url } = await startDevSmtp({ port: smtpPort, dir });
    Object.assign(childEnv, { SMTP_URL: url, DEV_MAIL_DIR: dir });
    console.log(`[klok] local mail catcher at ${url}: e-mails in ${dir}, readable by staff at http://localhost:${port}/mail`);
  }
  const next = require.resolve('next/dist/bin/next');
  if (!dev && !existsSync(`${process.env.NEXT_DIST_DIR || '.next'}/BUILD_ID`)) {
    console.log('[klok] no build found: running next build');
    const build = spawnSync(process.execPath, [next, 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // Next.js runs behind the edge of scripts/server.ts (trusted hosts, client IP, forwarded headers).
  const serverArgs = ['--import', 'tsx', path.join(__dirname, 'server.ts'), ...(dev ? ['--dev'] : [])];
  const child = spawn(process.execPath, serverArgs, { stdio: 'inherit', env: childEnv });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
