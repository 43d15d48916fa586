/**
 * Shared pieces of the benchmark suite (`npm run bench`): the BENCH_ROW contract, load runs
 * with autocannon's programmatic API (exact latency percentiles from every response), the peak RSS of a
 * process (VmHWM, resettable between cases) and small statistics helpers. No server code imported here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** One result line of the suite (see /work/briefs/bench-rows.md); `pass` is added by the orchestrator. */
export type BenchRow = {
  case: string;
  engine: 'postgres' | 'pglite' | '-';
  metric: string;
  value: number;
  unit: 'ms' | 'µs' | 'req/s' | 'KB' | 'MB' | 'score' | '×' | 's' | 'msg/s';
  budget: number | null;
  op: '<=' | '>=' | null;
  note?: string;
};

/** Whether a row meets its budget (`value op budget`); null for informative rows and missing values. */
export function passOf(r: BenchRow): boolean | null {
  if (r.budget === null || r.op === null || !Number.isFinite(r.value)) return null;
  return r.op === '<=' ? r.value <= r.budget : r.value >= r.budget;
}

/** Prints a row on stdout as `BENCH_ROW <json>` (the orchestrator collects these lines). */
export function emitRow(row: BenchRow): void {
  process.stdout.write(`BENCH_ROW ${JSON.stringify(row)}\n`);
}

/** Progress on stderr, prefixed, so stdout stays machine-readable. */
export function log(...args: unknown[]): void {
  console.error('[bench]', ...args);
}

/** The p-th percentile (0–100) of a sorted array (nearest rank); NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Median of numbers (any order); NaN when empty. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Rounds to a sensible number of digits for the table and results.json. */
export function round(v: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** The outcome of one load run: latencies in ms, throughput in successful responses per second. */
export type LoadResult = {
  median: number;
  p95: number;
  p99: number;
  max: number;
  throughput: number;
  requests: number;
  errors: number;
  non2xx: number;
  seconds: number;
};

/**
 * Runs autocannon against `url` (GET) with `connections` connections for `seconds` seconds and returns
 * exact percentiles computed from every response's latency. Throws when any request errors or answers
 * other than 2xx (a bench of refusals would be meaningless), unless `allowFailures`.
 */
export async function load(opts: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  allowFailures?: boolean;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  const firstStatuses = new Map<number, number>();
  const started = performance.now();
  // Without a callback autocannon returns its instance (an EventEmitter), which is also a promise of the result.
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers,
    timeout: 30,
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
    else {
      non2xx++;
      firstStatuses.set(status, (firstStatuses.get(status) ?? 0) + 1);
    }
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  const errors = result.errors + result.timeouts;
  if (!opts.allowFailures && (errors > 0 || non2xx > 0)) {
    throw new Error(
      `load on ${opts.url}: ${errors} errors/timeouts, ${non2xx} non-2xx answers (${[...firstStatuses].map(([s, n]) => `${s}×${n}`).join(', ')})`,
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    median: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    throughput: latencies.length / result.duration,
    requests: latencies.length,
    errors,
    non2xx,
    seconds,
  };
}

/** Peak resident set size of a process in MB (VmHWM of /proc/<pid>/status); NaN when unreadable. */
export function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * CPU time (user + system) a process has used so far, in ms (fields 14 and 15 of /proc/<pid>/stat, in
 * clock ticks of 1/100 s on Linux); NaN when unreadable. The difference over a load run divided by the
 * requests served is the CPU per request, a figure much less sensitive than latency to a busy machine.
 */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Current resident set size of a process in MB (VmRSS); NaN when unreadable. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Resets the peak RSS of a process to its current RSS (writes 5 to /proc/<pid>/clear_refs, Linux ≥ 4.0),
 * so each case reports its own peak; false when the kernel refuses (the peak is then cumulative).
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Waits until `url` answers (any HTTP status) or `timeoutMs` passes. */
export async function waitForHttp(url: string, timeoutMs: number, headers?: Record<string, string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { headers });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Parses `BENCH_ROW {...}` lines out of a child's stdout. */
export function parseRows(stdout: string): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^BENCH_ROW (.*)$/.exec(line.trim());
    if (!m) continue;
    try {
      rows.push(JSON.parse(m[1]!) as BenchRow);
    } catch {
      // A malformed row is reported by the orchestrator as missing data; ignore it here.
    }
  }
  return rows;
}
