/**
 * The two-instance stack of the scale test, from real parts on loopback:
 * PostgreSQL (TEST_DATABASE_URL's server, a fresh database) ← PgBouncer in transaction mode ← two Klok
 * instances (scripts/server.ts on the production build) ← HAProxy round robin. Each piece is a child
 * process with its files in one temporary folder; `stop()` ends them all and drops the database.
 *
 * Ports (SCALE_* env, defaults from the ops brief): instances 3420/3421, proxy 3423, PgBouncer 6433.
 * The build is the one in NEXT_DIST_DIR (default `.next`) under SCALE_APP_DIR (default the checkout):
 * `npm test` builds `.next` before .ci/run runs this suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';

export const PORTS = {
  a: Number(process.env.SCALE_PORT_A ?? 3420),
  b: Number(process.env.SCALE_PORT_B ?? 3421),
  proxy: Number(process.env.SCALE_PROXY_PORT ?? 3423),
  pgbouncer: Number(process.env.SCALE_PGBOUNCER_PORT ?? 6433),
  smtp: Number(process.env.SCALE_SMTP_PORT ?? 2620),
};
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const APP_DIR = path.resolve(process.env.SCALE_APP_DIR ?? path.join(__dirname, '../..'));
const DIST_DIR = process.env.NEXT_DIST_DIR || '.next';

/** One child process with its output kept line by line (app instances log JSON lines). */
export class Proc {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    let rest = '';
    const take = (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      this.lines.push(...parts);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** The JSON log lines of the process (other output skipped). */
  json(): Record<string, unknown>[] {
    return this.lines.flatMap((l) => {
      if (!l.startsWith('{')) return [];
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  }

  /** Sends a signal and waits for the exit (SIGKILL after `ms`). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', ms = 15_000): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.child.exitCode;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  tail(n = 40): string {
    return `--- ${this.name} ---\n${this.lines.slice(-n).join('\n')}`;
  }
}

function start(name: string, cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Proc {
  const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Proc(name, child);
}

/** Resolves when a TCP port accepts connections (rejects after `ms`, or when `proc` exits first). */
export async function waitForPort(port: number, ms: number, proc?: Proc): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (proc && proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}\n${proc.tail()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`port ${port} not open after ${ms} ms${proc ? `\n${proc.tail()}` : ''}`);
    await sleep(200);
  }
}

/** True when a TCP connection to the port is refused. */
export function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until GET /api/ready of an instance answers 200. */
export async function waitReady(port: number, proc: Proc, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}\n${proc.tail()}`);
    const status = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > until) throw new Error(`${proc.name} not ready after ${ms} ms\n${proc.tail()}`);
    await sleep(300);
  }
}

export type Stack = {
  dir: string;
  database: string;
  /** Direct connection to PostgreSQL (not through PgBouncer) for set-up and checks. */
  pg: Client;
  tenantId: number;
  a: Proc;
  b: Proc;
  pgbouncer: Proc;
  proxy: Proc;
  proxyUrl: string;
  /** Raw messages the instances' outbox workers delivered to the test's SMTP sink. */
  mails: string[];
  stop: () => Promise<void>;
};

/** An SMTP sink on loopback for the instances' outbox workers (e-mails are sent, never logged). */
async function startSmtpSink(mails: string[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(PORTS.smtp, '127.0.0.1', () => resolve());
  });
  return server;
}

/** PgBouncer's configuration: transaction pooling in front of `database` on the PostgreSQL server. */
function pgbouncerConfig(dir: string, database: string, server: URL): string {
  return `[databases]
${database} = host=${server.hostname} port=${server.port || 5432} dbname=${database}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${PORTS.pgbouncer}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/users.txt
pool_mode = transaction
max_client_conn = 500
default_pool_size = 20
; node-postgres sends the pool's statement_timeout as a startup parameter, which PgBouncer refuses
; unless told to ignore it; the database carries the same timeout instead (ALTER DATABASE … SET).
ignore_startup_parameters = statement_timeout
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`;
}

/**
 * HAProxy's configuration: round robin over both instances, readiness checks (with a Host outside
 * PUBLIC_HOSTS, as a probe by address sends: the edge answers probes for any host), its request id forwarded.
 */
function haproxyConfig(): string {
  return `global
  maxconn 4000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  retries 3
  option redispatch
  retry-on conn-failure empty-response
  option forwardfor
frontend klok
  bind 127.0.0.1:${PORTS.proxy}
  unique-id-format %{+X}o%ci%cp%fp%Ts%rt%pid
  http-request set-header X-Request-Id %[unique-id]
  default_backend apps
backend apps
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/ready ver HTTP/1.1 hdr Host 10.0.0.1
  http-check expect status 200
  server a 127.0.0.1:${PORTS.a} check inter 1s fall 3 rise 1
  server b 127.0.0.1:${PORTS.b} check inter 1s fall 3 rise 1
`;
}

/** Starts one app instance on `port` against PgBouncer. */
function startInstance(name: string, port: number, database: string): Proc {
  return start(name, process.execPath, ['--import', 'tsx', 'scripts/server.ts'], {
    cwd: APP_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NODE_OPTIONS: '',
      PORT: String(port),
      HOSTNAME_BIND: '127.0.0.1',
      NEXT_DIST_DIR: DIST_DIR,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${PORTS.pgbouncer}/${database}`,
      SEED_DEMO: '0',
      TRUSTED_PROXIES: 'loopback',
      OUTBOX_WORKER: '1',
      RATE_LIMIT_IP_FACTOR: '20',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: '10000',
      // 200 simultaneous bookings queue for each instance's 10 pooled connections, and node-postgres counts
      // that wait against the connect timeout: on a loaded 2-core CI machine the default 3 s turns the
      // queue into 503s. The race is about correctness (one winner, no error), not about the pool's capacity.
      DB_CONNECT_TIMEOUT_MS: '30000',
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    },
  });
}

/**
 * Starts the whole stack: a fresh database migrated and seeded directly on PostgreSQL (never through
 * PgBouncer), PgBouncer, both instances (waiting for their readiness) and HAProxy.
 */
export async function startStack(): Promise<Stack> {
  if (!existsSync(path.join(APP_DIR, DIST_DIR, 'BUILD_ID'))) {
    throw new Error(`no production build in ${path.join(APP_DIR, DIST_DIR)}: run \`npm run build\` first`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'klok-scale-'));
  chmodSync(dir, 0o777); // PgBouncer runs as postgres when we are root
  const database = `klok_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  const server = new URL(ADMIN_URL);
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.query(`alter database ${database} set statement_timeout = '10s'`);
  await admin.end();
  const direct = new URL(ADMIN_URL);
  direct.pathname = `/${database}`;

  const procs: Proc[] = [];
  const mails: string[] = [];
  let smtp: SMTPServer | undefined;
  const pg = new Client({ connectionString: direct.toString() });
  const stop = async () => {
    for (const p of procs.reverse()) await p.stop('SIGTERM', 10_000).catch(() => undefined);
    if (smtp) await new Promise<void>((resolve) => smtp!.close(() => resolve()));
    await pg.end().catch(() => undefined);
    const a = new Client({ connectionString: ADMIN_URL });
    await a.connect();
    await a.query(`drop database if exists ${database} with (force)`);
    await a.end();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const migrate = start('migrate', process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/migrate.ts'], {
      cwd: APP_DIR,
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: direct.toString(), SEED_DEMO: '1' },
    });
    if ((await migrate.exited) !== 0) throw new Error(`migrations failed\n${migrate.tail()}`);
    await pg.connect();
    const { rows } = await pg.query<{ id: number }>(`select id from tenants where slug = 'klok'`);
    if (!rows[0]) throw new Error('the seed did not create tenant klok');

    writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n');
    writeFileSync(path.join(dir, 'pgbouncer.ini'), pgbouncerConfig(dir, database, server));
    const asRoot = process.getuid?.() === 0;
    const pgbouncer = start('pgbouncer', 'pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')]);
    procs.push(pgbouncer);
    await waitForPort(PORTS.pgbouncer, 10_000, pgbouncer);

    smtp = await startSmtpSink(mails);
    const a = startInstance('app-a', PORTS.a, database);
    const b = startInstance('app-b', PORTS.b, database);
    procs.push(a, b);
    await Promise.all([waitReady(PORTS.a, a, 120_000), waitReady(PORTS.b, b, 120_000)]);

    writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig());
    const proxy = start('haproxy', 'haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')]);
    procs.push(proxy);
    await waitForPort(PORTS.proxy, 10_000, proxy);
    return { dir, database, pg, tenantId: rows[0].id, a, b, pgbouncer, proxy, proxyUrl: `http://127.0.0.1:${PORTS.proxy}`, mails, stop };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

const phoneBase = Date.now() % 10_000_000;
let phoneSeq = 0;

/**
 * Creates `n` onboarded client accounts of the tenant (allowance `allowance`) with a session each, directly
 * in the database the way a sign-in and onboarding would (the session table keeps the token's SHA-256). Returns ids, e-mails,
 * names and cookies.
 */
export async function createClients(
  stack: Stack,
  prefix: string,
  n: number,
  allowance = 1,
): Promise<{ id: string; email: string; name: string; cookie: string }[]> {
  const out: { id: string; email: string; name: string; cookie: string }[] = [];
  for (let i = 0; i < n; i++) {
    const email = `${prefix}-${i}@scale.test`;
    const name = `Cliente ${prefix} ${i}`;
    // Onboarded: a verified phone (its own, in the +34 71x range no one uses) and the privacy policy.
    const tlf = `+3471${String((phoneBase + phoneSeq++) % 10_000_000).padStart(7, '0')}`;
    const { rows } = await stack.pg.query<{ id: string }>(
      `insert into users (tenant_id, email, name, role, n_appointments_allowed, onboarding_completed, privacy_policy, tlf, phone_verified)
       values ($1, $2, $3, 'client', $4, true, true, $5, true) returning id`,
      [stack.tenantId, email, name, allowance, tlf],
    );
    const token = randomBytes(32).toString('base64url');
    await stack.pg.query(`insert into sessions (id, tenant_id, user_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`, [
      createHash('sha256').update(token).digest('hex'),
      stack.tenantId,
      rows[0]!.id,
    ]);
    out.push({ id: rows[0]!.id, email, name, cookie: `klok_session=${token}` });
  }
  return out;
}
