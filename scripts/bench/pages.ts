/**
 * Page bench: first-load JavaScript of the client pages and the staff agenda, and
 * Lighthouse (mobile) performance and accessibility scores, against a running production server.
 *
 *   tsx scripts/bench/pages.ts --base http://localhost:3000 [--client-cookie V] [--staff-cookie V]
 *                              [--onboarding-cookie V] [--booker-cookie V] [--no-lighthouse] [--lighthouse-runs 3] [--no-sign-in]
 *   tsx scripts/bench/pages.ts --base URL --sign-in EMAIL [--name NAME]   (prints a session cookie pair)
 *
 * `--booker-cookie` is a client who may still book (the wizard page redirects a client at their allowance to
 * Mis citas); without it the client cookie is used there.
 * Cookie values are the `klok_session` token (or a whole `klok_session=…` pair). Missing ones are obtained
 * by signing in through the local OpenID provider (DEV_OIDC=1 servers; `--no-sign-in` to forbid it):
 * the demo client `cliente@klok.demo`, the demo admin `admin@klok.demo` and, for /onboarding, a fresh
 * client account (a new e-mail each run, so onboarding is still due).
 *
 * First-load JS of a page = the sum over every distinct script its HTML makes the browser load before it is
 * interactive — `<script src>` (not `nomodule`), `<link rel="modulepreload">` and `<link rel="preload" as="script">` — of the
 * file's gzip size at zlib's default level 6 (what a typical server sends), in KB of 1,024 bytes. Inline
 * scripts (the RSC payload) are part of the HTML, not counted. Chunks loaded later by `import()` are not
 * first-load. A page that cannot be measured gives a row with value null and the reason in `note`.
 *
 * Lighthouse 12 (mobile emulation and simulated throttling, its defaults) runs in Chromium (CHROMIUM_PATH, else
 * /usr/bin/chromium, headless) on /login, /reservar (the visitor's booking), /onboarding, the client home, /new/appointment and the staff agenda (those with a cookie) with the session cookie as an
 * extra header; each page runs `--lighthouse-runs` times (default 3) and the run with the median performance
 * score gives both rows. Scores are 0–100; budgets: performance ≥ 90, accessibility ≥ 95 (/reservar, the
 * salon's public link: ≥ 95 and 100).
 *
 * Output: one `BENCH_ROW <json>` line per figure on stdout (scripts/bench row contract); progress on stderr.
 */
import { gzipSync } from 'node:zlib';

type Row = {
  case: string;
  engine: '-';
  metric: string;
  value: number;
  unit: 'KB' | 'score';
  budget: number | null;
  op: '<=' | '>=' | null;
  note?: string;
};

/** The first-load JS budget (KB gzip) of the client pages, and of the staff agenda. */
export const CLIENT_PAGE_BUDGET_KB = 170;
export const AGENDA_BUDGET_KB = 300;
/** Lighthouse budgets (0–100). */
export const PERFORMANCE_BUDGET = 90;
export const ACCESSIBILITY_BUDGET = 95;
/** The stricter budgets of `/reservar`, the salon's public link (beyond-the-spec section 1). */
export const VISITOR_PERFORMANCE_BUDGET = 95;
export const VISITOR_ACCESSIBILITY_BUDGET = 100;

const SESSION_COOKIE = 'klok_session';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}
const flag = (name: string) => process.argv.includes(`--${name}`);
const log = (...a: unknown[]) => console.error('[pages]', ...a);
const emit = (row: Row) => console.log(`BENCH_ROW ${JSON.stringify(row)}`);

/** `klok_session=<token>` from a bare token or a cookie pair. */
export function sessionCookie(value: string): string {
  return value.includes('=') ? value : `${SESSION_COOKIE}=${value}`;
}

/** The distinct script URLs a page's HTML loads up front (absolute, resolved against the page URL). */
export function scriptUrls(html: string, pageUrl: string): string[] {
  const urls = new Set<string>();
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
    // `nomodule` scripts (Next's legacy polyfills) are skipped by every browser that runs modules.
    if (/\snomodule\b/i.test(m[0])) continue;
    const src = attr(m[0], 'src');
    const value = src?.[1] ?? src?.[2] ?? src?.[3];
    if (value) urls.add(new URL(value.replace(/&amp;/g, '&'), pageUrl).href);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(m[0], 'rel');
    const relValue = (rel?.[1] ?? rel?.[2] ?? rel?.[3] ?? '').toLowerCase();
    const as = attr(m[0], 'as');
    const asValue = (as?.[1] ?? as?.[2] ?? as?.[3] ?? '').toLowerCase();
    if (relValue !== 'modulepreload' && !(relValue === 'preload' && asValue === 'script')) continue;
    const href = attr(m[0], 'href');
    const value = href?.[1] ?? href?.[2] ?? href?.[3];
    if (value) urls.add(new URL(value.replace(/&amp;/g, '&'), pageUrl).href);
  }
  return [...urls];
}

/** Gzip size (zlib default level 6) of each script and their sum, in bytes. */
async function firstLoadJs(pageUrl: string, cookie: string | null): Promise<{ bytes: number; scripts: { url: string; gzip: number }[]; finalUrl: string }> {
  const res = await fetch(pageUrl, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  if (res.status !== 200) throw new Error(`${pageUrl} answered ${res.status}${res.headers.get('location') ? ` → ${res.headers.get('location')}` : ''}`);
  const html = await res.text();
  const scripts: { url: string; gzip: number }[] = [];
  for (const url of scriptUrls(html, pageUrl)) {
    const js = await fetch(url);
    if (!js.ok) throw new Error(`${url} answered ${js.status}`);
    scripts.push({ url, gzip: gzipSync(Buffer.from(await js.arrayBuffer()), { level: 6 }).length });
  }
  return { bytes: scripts.reduce((n, s) => n + s.gzip, 0), scripts, finalUrl: pageUrl };
}

/** Minimal cookie jar keyed by host:port (enough for the local provider and the app). */
class Jar {
  private readonly byOrigin = new Map<string, Map<string, string>>();
  store(url: string, res: Response) {
    const origin = new URL(url).host;
    const jar = this.byOrigin.get(origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      if (i <= 0) continue;
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.byOrigin.set(origin, jar);
  }
  header(url: string): string {
    return [...(this.byOrigin.get(new URL(url).host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get(url: string, name: string): string | undefined {
    return this.byOrigin.get(new URL(url).host)?.get(name);
  }
}

/**
 * Signs in through the real authorization-code flow against the local OpenID provider (scripts/dev-oidc.ts)
 * with plain HTTP requests, as the e2e sign-in helper does with a browser. Returns the `klok_session` pair.
 */
export async function signInThroughDevOidc(base: string, email: string, name?: string): Promise<string> {
  const jar = new Jar();
  const step = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) } });
    jar.store(url, res);
    return res;
  };
  let url = new URL('/api/v1/auth/google', base).href;
  let res = await step(url);
  for (let hops = 0; hops < 12; hops++) {
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url).href;
      if (new URL(next).origin === new URL(base).origin && !new URL(next).pathname.startsWith('/api/')) break; // back in the app
      url = next;
      res = await step(url);
      continue;
    }
    const interaction = /^\/interaction\/([\w-]+)$/.exec(new URL(url).pathname);
    if (res.status === 200 && interaction) {
      const form = new URLSearchParams({ email, ...(name ? { name } : {}) });
      url = `${new URL(url).origin}/interaction/${interaction[1]}/login`;
      res = await step(url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      continue;
    }
    throw new Error(`sign-in of ${email} stopped at ${url} (${res.status})`);
  }
  const token = jar.get(base, SESSION_COOKIE);
  if (!token) throw new Error(`sign-in of ${email} gave no session (is the server started with DEV_OIDC=1?)`);
  return `${SESSION_COOKIE}=${token}`;
}

type Page = { label: string; path: string; cookie: string | null; budget: number };

/** Lighthouse (mobile, default config) on each page: performance and accessibility, 0–100. */
async function lighthouseRows(
  base: string,
  pages: { label: string; path: string; cookie: string | null; budgets?: { performance: number; accessibility: number } }[],
  runs: number,
): Promise<void> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    for (const page of pages) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        log(`lighthouse ${page.label} (run ${run + 1}/${runs})`);
        const result = await lighthouse(new URL(page.path, base).href, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`lighthouse gave no result for ${page.label}`);
        if (lhr.runtimeError) throw new Error(`lighthouse ${page.label}: ${lhr.runtimeError.message}`);
        results.push(lhr);
      }
      // The run with the median performance score (Lighthouse's own advice for noisy machines).
      results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = results[Math.floor(results.length / 2)]!;
      const final = lhr.finalDisplayedUrl;
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
      const tbt = lhr.audits['total-blocking-time']?.numericValue;
      const failing = (lhr.categories.accessibility?.auditRefs ?? [])
        .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
        .map((r) => r.id);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      emit({
        case: `lighthouse ${page.label}`,
        engine: '-',
        metric: 'performance',
        value: score('performance'),
        unit: 'score',
        budget: page.budgets?.performance ?? PERFORMANCE_BUDGET,
        op: '>=',
        note: `mobile, median of ${runs}; LCP ${lcp !== undefined ? Math.round(lcp) : '?'} ms, TBT ${tbt !== undefined ? Math.round(tbt) : '?'} ms; ${final}`,
      });
      emit({
        case: `lighthouse ${page.label}`,
        engine: '-',
        metric: 'accessibility',
        value: score('accessibility'),
        unit: 'score',
        budget: page.budgets?.accessibility ?? ACCESSIBILITY_BUDGET,
        op: '>=',
        note: failing.length ? `failing: ${failing.join(', ')}` : 'mobile',
      });
    }
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const base = arg('base') ?? 'http://localhost:3000';
  const only = arg('sign-in');
  if (only) {
    // `--sign-in EMAIL [--name NAME]`: print that account's session cookie pair and stop (for other scripts).
    console.log(await signInThroughDevOidc(base, only, arg('name')));
    return;
  }
  const canSignIn = !flag('no-sign-in');
  const cookieOf = async (given: string | undefined, email: string, name?: string): Promise<string | null> => {
    if (given) return sessionCookie(given);
    if (!canSignIn) return null;
    log(`signing in ${email} through the local OpenID provider`);
    return signInThroughDevOidc(base, email, name);
  };
  const client = await cookieOf(arg('client-cookie'), 'cliente@klok.demo');
  const staff = await cookieOf(arg('staff-cookie'), 'admin@klok.demo');
  // The wizard opens only for a client who may still book: a given account, else the demo client.
  const booker = arg('booker-cookie') ? sessionCookie(arg('booker-cookie')!) : client;
  const onboarding = await cookieOf(arg('onboarding-cookie'), `bench-${Date.now()}@example.com`, 'María José Pérez Gil').catch((err: unknown) => {
    log('onboarding sign-in failed:', err instanceof Error ? err.message : err);
    return null;
  });

  const pages: Page[] = [
    { label: '/login', path: '/login', cookie: null, budget: CLIENT_PAGE_BUDGET_KB },
    { label: '/reservar', path: '/reservar', cookie: null, budget: CLIENT_PAGE_BUDGET_KB },
    { label: '/onboarding', path: '/onboarding', cookie: onboarding, budget: CLIENT_PAGE_BUDGET_KB },
    { label: 'client home', path: '/', cookie: client, budget: CLIENT_PAGE_BUDGET_KB },
    { label: '/new/appointment', path: '/new/appointment', cookie: booker, budget: CLIENT_PAGE_BUDGET_KB },
    { label: 'staff agenda', path: '/', cookie: staff, budget: AGENDA_BUDGET_KB },
  ];
  for (const page of pages) {
    const row: Row = { case: `first-load JS ${page.label}`, engine: '-', metric: 'gzip', value: 0, unit: 'KB', budget: page.budget, op: '<=' };
    if (page.label !== '/login' && page.label !== '/reservar' && !page.cookie) {
      emit({ ...row, value: Number.NaN, note: 'not run (no session cookie)' });
      continue;
    }
    try {
      const { bytes, scripts } = await firstLoadJs(new URL(page.path, base).href, page.cookie);
      const largest = [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 3);
      log(`${page.label}: ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KB gzip; largest ${largest.map((s) => `${new URL(s.url).pathname.split('/').pop()} ${(s.gzip / 1024).toFixed(1)}`).join(', ')}`);
      emit({ ...row, value: Math.round((bytes / 1024) * 10) / 10, note: `${scripts.length} scripts, gzip level 6, KB = 1024 B` });
    } catch (err) {
      emit({ ...row, value: Number.NaN, note: `not run (${err instanceof Error ? err.message : String(err)})` });
    }
  }

  if (!flag('no-lighthouse')) {
    await lighthouseRows(
      base,
      [
        { label: '/login', path: '/login', cookie: null },
        {
          label: '/reservar',
          path: '/reservar',
          cookie: null,
          budgets: { performance: VISITOR_PERFORMANCE_BUDGET, accessibility: VISITOR_ACCESSIBILITY_BUDGET },
        },
        ...(onboarding ? [{ label: '/onboarding', path: '/onboarding', cookie: onboarding }] : []),
        { label: 'client home', path: '/', cookie: client },
        ...(booker ? [{ label: '/new/appointment', path: '/new/appointment', cookie: booker }] : []),
        { label: 'staff agenda', path: '/', cookie: staff },
      ],
      Math.max(1, Number(arg('lighthouse-runs') ?? 3)),
    );
  }
}

// Run only as a script (tests import the helpers).
if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
