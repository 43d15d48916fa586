/**
 * The bench suite's shared pieces (scripts/bench/lib.ts): percentiles and medians as the table
 * reports them, budget verdicts, BENCH_ROW parsing, and a load run that refuses to report refusals.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, median, parseRows, passOf, percentile, type BenchRow } from './lib';

const row = (value: number, budget: number | null, op: BenchRow['op']): BenchRow => ({
  case: 'c',
  engine: '-',
  metric: 'm',
  value,
  unit: 'ms',
  budget,
  op,
});

describe('percentile and median', () => {
  test.each([
    [50, 5],
    [95, 10],
    [99, 10],
    [10, 1],
  ])('p%i of 1..10 is %i (nearest rank)', (p, expected) => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], p)).toBe(expected);
  });

  test('median of an even count averages the middle two, whatever the order', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([9, 1, 5])).toBe(5);
  });
});

describe('passOf', () => {
  test.each([
    [12, 15, '<=', true],
    [15, 15, '<=', true],
    [16, 15, '<=', false],
    [0.59, 0.6, '>=', false],
    [0.6, 0.6, '>=', true],
  ] as const)('%p with budget %p %s → %p', (value, budget, op, expected) => {
    expect(passOf(row(value, budget, op))).toBe(expected);
  });

  test('informative rows and missing values have no verdict', () => {
    expect(passOf(row(12, null, null))).toBeNull();
    expect(passOf(row(NaN, 15, '<='))).toBeNull();
  });
});

test('parseRows keeps BENCH_ROW lines only and skips malformed ones', () => {
  const out = [
    'progress…',
    `BENCH_ROW ${JSON.stringify(row(1, null, null))}`,
    'BENCH_ROW {not json',
    `  BENCH_ROW ${JSON.stringify(row(2, 3, '<='))}  `,
  ].join('\n');
  expect(parseRows(out).map((r) => r.value)).toEqual([1, 2]);
});

describe('load', () => {
  let server: http.Server;
  let status = 200;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end('{"items":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('measures latency percentiles and throughput of 2xx answers', async () => {
    status = 200;
    const r = await load({ url, connections: 2, seconds: 1 });
    expect(r.requests).toBeGreaterThan(10);
    expect(r.throughput).toBeGreaterThan(10);
    expect(r.median).toBeGreaterThan(0);
    expect(r.p95).toBeGreaterThanOrEqual(r.median);
    expect(r.p99).toBeGreaterThanOrEqual(r.p95);
  });

  test('throws when the server refuses (a bench of 429s or 500s is not a measurement)', async () => {
    status = 429;
    await expect(load({ url, connections: 1, seconds: 1 })).rejects.toThrow(/non-2xx/);
  });
});
