/**
 * Starts Klok: `tsx scripts/start.ts [--dev]`.
 * - Without a Google client (OIDC_CLIENT_ID unset), also starts the local OpenID provider with the demo
 *   accounts on DEV_OIDC_PORT (3001) and points the app at it, with a fresh random client secret.
 *   It never starts under NODE_ENV=production unless DEV_OIDC=1.
 * - Without an SMTP server (SMTP_URL unset), and under the same rule, also starts the local mail catcher on
 *   127.0.0.1:DEV_SMTP_PORT (2525), which writes each e-mail to DATA_DIR/mail as `.eml`; the app sends to it
 *   (SMTP_URL) and shows the messages to staff on `/mail` (DEV_MAIL_DIR).
 * - `--dev` runs Next.js in development mode; otherwise builds when no build exists or a source file is newer
 *   than the build (after a `git pull` or an edit), and runs the
 *   production server. Either way Next.js runs inside scripts/server.ts, the request edge.
 * - Unless SEED_DEMO=0, migrates the database and seeds the demo tenant on an empty one (scripts/migrate.ts
 *   in a child process under `--conditions=react-server`) before the server starts: the embedded database
 *   (PGlite in DATA_DIR) admits one process at a time, and opening the database never seeds by itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { startDevSmtp } from './dev-smtp';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };

async function main() {
  const production = process.env.NODE_ENV === 'production';
  if (!process.env.OIDC_CLIENT_ID && (!production || process.env.DEV_OIDC === '1')) {
    // oidc-provider warns that Node 20 is not its supported runtime and that it uses development keys and
    // an in-memory store: all expected of this offline stand-in (Node 22 is not available on these
    // machines), so they are replaced by one line instead of alarming the log.
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING')) return;
      warn(...args);
    };
    const { redirectUrisFor, startDevOidc } = await import('./dev-oidc');
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
    console.log('[klok] (its development keys, in-memory store and Node 20 runtime are expected for this stand-in; its warnings are muted)');
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
  const buildId = `${process.env.NEXT_DIST_DIR || '.next'}/BUILD_ID`;
  const stale = !dev && existsSync(buildId) && newestSource() > statSync(buildId).mtimeMs;
  if (!dev && (!existsSync(buildId) || stale)) {
    console.log(stale ? '[klok] sources changed since the last build: running next build' : '[klok] no build found: running next build');
    const build = spawnSync(process.execPath, [next, 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (process.env.SEED_DEMO !== '0') {
    const migrate = ['--conditions=react-server', '--import', 'tsx', path.join(__dirname, 'migrate.ts')];
    const seeded = spawnSync(process.execPath, migrate, { stdio: 'inherit', env: { ...childEnv, SEED_DEMO: '1' } });
    if (seeded.status !== 0) process.exit(seeded.status ?? 1);
  }
  // Next.js runs behind the edge of scripts/server.ts (trusted hosts, client IP, forwarded headers).
  const serverArgs = ['--import', 'tsx', path.join(__dirname, 'server.ts'), ...(dev ? ['--dev'] : [])];
  const child = spawn(process.execPath, serverArgs, { stdio: 'inherit', env: childEnv });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

/** Sources a build depends on (relative to the project root). */
const SOURCES = ['app', 'components', 'lib', 'public', 'types', 'middleware.ts', 'instrumentation.ts', 'instrumentation-client.ts', 'next.config.mjs', 'package.json', 'tsconfig.json'];

/** Modification time (ms) of the newest source file, so `npm start` rebuilds after a `git pull` or an edit. */
export function newestSource(): number {
  let newest = 0;
  const visit = (p: string) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (!entry.startsWith('.') && entry !== 'node_modules') visit(path.join(p, entry));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const s of SOURCES) visit(s);
  return newest;
}

// Run only as a script: scripts/bench imports `newestSource` without starting a server.
if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
