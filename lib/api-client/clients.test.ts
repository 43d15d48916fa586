import { clientPageKey, clientPaths, exportClientUrl } from './clients';

const page = (next_cursor: string | null) => ({ items: [], next_cursor, total: 0 });

describe('client API client', () => {
  it('builds the contract paths with the e-mail encoded', () => {
    expect(clientPaths.one('ana@klok.demo')).toBe('/api/v1/users/ana%40klok.demo');
    expect(exportClientUrl('ana+1@klok.demo')).toBe('/api/v1/users/ana%2B1%40klok.demo/export');
    expect(clientPaths.list()).toBe('/api/v1/users');
  });

  it('asks page after page by cursor, with the search trimmed and left out when empty', () => {
    const key = clientPageKey('  garcía ');
    expect(key(0, null)).toBe('/api/v1/users?search=garc%C3%ADa&limit=30');
    expect(key(1, page('c2'))).toBe('/api/v1/users?search=garc%C3%ADa&cursor=c2&limit=30');
    expect(key(2, page(null))).toBeNull();
    expect(clientPageKey('')(0, null)).toBe('/api/v1/users?limit=30');
  });
});
