/** The client list's keyset cursor: round trip, and anything else refused. */
import { decodeCursor, encodeCursor, KEYSET_START } from './keyset';

const ID = '0b5e5a1c-3f7e-4d2a-9c1b-7a8e9f0a1b2c';

describe('encodeCursor / decodeCursor', () => {
  test.each([
    [{ at: '2026-11-23T10:15:30.123456Z', id: ID }],
    [{ at: '2026-11-23T10:15:30Z', id: ID }],
    [{ at: '2026-01-01T00:00:00.1Z', id: ID }],
    [KEYSET_START],
  ])('round-trips %p', (position) => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  const raw = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  test.each([
    ['empty', ''],
    ['not base64url', 'abc+/='],
    ['no separator', raw(`2026-11-23T10:15:30Z${ID}`)],
    ['three parts', raw(`2026-11-23T10:15:30Z|${ID}|x`)],
    ['bad instant', raw(`yesterday|${ID}`)],
    ['instant without zone', raw(`2026-11-23T10:15:30|${ID}`)],
    ['impossible date', raw(`2026-13-45T10:15:30Z|${ID}`)],
    ['seven fraction digits', raw(`2026-11-23T10:15:30.1234567Z|${ID}`)],
    ['bad id', raw('2026-11-23T10:15:30Z|not-a-uuid')],
    ['upper-case id', raw(`2026-11-23T10:15:30Z|${ID.toUpperCase()}`)],
    ['SQL in it', raw(`2026-11-23T10:15:30Z'); drop table users; --|${ID}`)],
  ])('refuses %s', (_label, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});
