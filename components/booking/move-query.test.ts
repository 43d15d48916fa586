import { moveHref, parseMoveQuery } from './move-query';

const ID = '0b7c2f7e-6a43-4c55-9a8e-2d1f3b5c7a90';

describe('Cambiar hora query', () => {
  it('reads back the appointment and date its link carries', () => {
    const href = moveHref({ appointment: ID, date: '2027-05-04' });
    expect(href.startsWith('/move/appointment?')).toBe(true);
    const query = Object.fromEntries(new URLSearchParams(href.split('?')[1]));
    expect(parseMoveQuery(query)).toEqual({ appointment: ID, date: '2027-05-04' });
  });

  it('refuses a missing or malformed appointment id or date', () => {
    expect(parseMoveQuery({ date: '2027-05-04' })).toBeNull();
    expect(parseMoveQuery({ appointment: 'abc', date: '2027-05-04' })).toBeNull();
    expect(parseMoveQuery({ appointment: ID, date: '2027-02-30' })).toBeNull();
    expect(parseMoveQuery({ appointment: [ID, ID], date: '2027-05-04' })).toBeNull();
  });
});
