import { canonicalJson, IDEMPOTENCY_TTL_MS, keyExpiryCutoff } from './idempotency';

describe('canonicalJson', () => {
  it.each([
    ['key order', { b: 1, a: 2 }, { a: 2, b: 1 }],
    ['nested key order', { x: { d: [1, { z: 1, y: 2 }], c: 'é' } }, { x: { c: 'é', d: [1, { y: 2, z: 1 }] } }],
    ['absent and undefined members', { a: 1, b: undefined }, { a: 1 }],
  ])('treats bodies differing only in %s as equal', (_name, a, b) => {
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  it.each([
    ['another value', { a: 1 }, { a: 2 }],
    ['array order', { a: [1, 2] }, { a: [2, 1] }],
    ['a number and its string', { a: 1 }, { a: '1' }],
    ['null and absent', { a: null }, {}],
    ['an extra member', { a: 1 }, { a: 1, b: 0 }],
  ])('tells bodies with %s apart', (_name, a, b) => {
    expect(canonicalJson(a)).not.toBe(canonicalJson(b));
  });

  it('is JSON that parses back to the value', () => {
    const value = { s: 'a"b\\c', n: -1.5, t: true, f: null, l: [{ k: 'v' }] };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });
});

describe('keyExpiryCutoff', () => {
  it('is 24 hours before now', () => {
    const now = Date.UTC(2027, 4, 3, 8);
    expect(IDEMPOTENCY_TTL_MS).toBe(24 * 3_600_000);
    expect(now - keyExpiryCutoff(now)).toBe(24 * 3_600_000);
  });
});
