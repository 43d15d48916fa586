import type { ClientListItem, UserDto } from '@/lib/validation/dto';
import { MAX_APPOINTMENTS_ALLOWED } from '@/lib/validation/users';
import {
  addUserRefusal,
  allowanceOf,
  checkInformation,
  checkUsers,
  informationChanges,
  keepDraftRows,
  listItemOf,
  matchesSearch,
  rowsOf,
  usersBody,
  usersChanged,
  withInvited,
  type UserRow,
} from './client-draft';

const MAX_USERS = 'No se pueden agregar más de 3 usuarios';

const item = (email: string, name: string): ClientListItem => ({
  email,
  name,
  tlf: null,
  is_guest: false,
  n_appointments_allowed: 1,
  users: [],
  visits: 2,
  last_visit: '2026-11-02T09:00:00.000Z',
  reliability_tier: 'fiable',
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('search matching (the list’s newly invited clients)', () => {
  it('ignores case and accents, on name or e-mail', () => {
    expect(matchesSearch({ name: 'María Pérez', email: 'm@x.es' }, 'MARIA perez')).toBe(true);
    expect(matchesSearch({ name: 'Ana García', email: 'ana@correo.es' }, 'garcia')).toBe(true);
    expect(matchesSearch({ name: 'Ana García', email: 'ana@correo.es' }, 'CORREO')).toBe(true);
    expect(matchesSearch({ name: 'Ana García', email: 'ana@correo.es' }, 'pablo')).toBe(false);
    expect(matchesSearch({ name: 'Ana García', email: 'ana@correo.es' }, '  ')).toBe(true);
  });

  it('puts invited clients the pages do not hold first, once', () => {
    const loaded = [item('a@x.es', 'Ana'), item('b@x.es', 'Bea')];
    const invited = [item('new@x.es', ''), item('A@x.es', 'Ana')];
    expect(withInvited(loaded, invited, '').map((c) => c.email)).toEqual(['new@x.es', 'a@x.es', 'b@x.es']);
    expect(withInvited(loaded, invited, 'bea').map((c) => c.email)).toEqual(['a@x.es', 'b@x.es']);
  });

  it('shows a just-invited user as a card with no visits', () => {
    const user = { email: 'n@x.es', name: '', tlf: null, is_guest: false, n_appointments_allowed: 1, users: [], created_at: 'c' } as unknown as UserDto;
    expect(listItemOf(user)).toMatchObject({ email: 'n@x.es', visits: 0, last_visit: null });
  });
});

describe('Editar información', () => {
  const initial = { name: 'Ana García', n_appointments_allowed: 2 };

  it('sends only what changed', () => {
    expect(informationChanges({ name: 'Ana García ', allowance: '2' }, initial)).toEqual({});
    expect(informationChanges({ name: 'Ana G.', allowance: '2' }, initial)).toEqual({ name: 'Ana G.' });
    expect(informationChanges({ name: 'Ana García', allowance: '3' }, initial)).toEqual({ n_appointments_allowed: 3 });
  });

  it('takes a whole number ≥ 0 (up to the contract’s 20) as the allowance', () => {
    expect(allowanceOf('')).toBeNaN();
    const check = (allowance: string) => checkInformation(informationChanges({ name: 'Ana García', allowance }, initial));
    expect(check('0')).toEqual({ ok: true, body: { n_appointments_allowed: 0 }, messages: {} });
    expect(check(String(MAX_APPOINTMENTS_ALLOWED)).ok).toBe(true);
    for (const bad of ['', '-1', '1.5', 'abc', String(MAX_APPOINTMENTS_ALLOWED + 1)]) {
      const result = check(bad);
      expect(result.ok).toBe(false);
      expect(Object.keys(result.messages)).toEqual(['n_appointments_allowed']);
    }
  });

  it('refuses an empty name', () => {
    const result = checkInformation(informationChanges({ name: '   ', allowance: '2' }, initial));
    expect(result.ok).toBe(false);
    expect(Object.keys(result.messages)).toEqual(['name']);
  });
});

describe('Editar usuarios', () => {
  const saved = [{ id: 'u1', name: 'Leo García' }];
  const row = (name: string, id?: string): UserRow => ({ key: id ?? name, id, name });

  it('keeps the ids of the saved sub-users and sends new ones without', () => {
    expect(usersBody([...rowsOf(saved), row('Marta')])).toEqual([{ id: 'u1', name: 'Leo García' }, { name: 'Marta' }]);
  });

  it('knows when the list changed', () => {
    expect(usersChanged(rowsOf(saved), saved)).toBe(false);
    expect(usersChanged([row('Leo García ', 'u1')], saved)).toBe(false);
    expect(usersChanged([row('Leo', 'u1')], saved)).toBe(true);
    expect(usersChanged([], saved)).toBe(true);
    expect(usersChanged([...rowsOf(saved), row('Marta')], saved)).toBe(true);
  });

  it('needs every name filled in', () => {
    expect(checkUsers([row('Leo', 'u1'), row('  ')])).toMatchObject({ ok: false, invalidRows: [1] });
    expect(checkUsers([row('Leo', 'u1'), row('  ')]).rowMessages[1]).toEqual(expect.any(String));
    expect(checkUsers([])).toEqual({ ok: true, body: [], invalidRows: [], rowMessages: {} });
    expect(checkUsers([row('Leo', 'u1'), row(' Marta ')])).toMatchObject({ ok: true, body: [{ id: 'u1', name: 'Leo' }, { name: 'Marta' }] });
  });

  it('allows three and refuses a fourth with the contract’s message', () => {
    const three = [row('A'), row('B'), row('C')];
    expect(addUserRefusal(three.slice(0, 2))).toBeNull();
    expect(addUserRefusal(three)).toBe(MAX_USERS);
    expect(checkUsers([...three, row('D')])).toMatchObject({ ok: false, listMessage: MAX_USERS });
    // An empty row does not hide the limit.
    expect(addUserRefusal([row(''), row('B'), row('C')])).toBe(MAX_USERS);
  });
});

describe('keepDraftRows (Editar usuarios after a stale save)', () => {
  const loaded = rowsOf([
    { id: 'u1', name: 'Leo' },
    { id: 'u2', name: 'Mia' },
  ]);

  test('the person’s rename stays, a colleague’s rename and new sub-user appear', () => {
    const mine = loaded.map((r) => (r.key === 'u1' ? { ...r, name: 'Leonardo' } : r));
    const current = rowsOf([
      { id: 'u1', name: 'Leo' },
      { id: 'u2', name: 'María' },
      { id: 'u3', name: 'Hugo' },
    ]);
    expect(keepDraftRows(loaded, mine, current).map((r) => r.name)).toEqual(['Leonardo', 'María', 'Hugo']);
  });

  test('a row the person added or removed stays added or removed', () => {
    const mine = [loaded[0]!, { key: 'new-0', name: 'Sol' }];
    expect(keepDraftRows(loaded, mine, loaded)).toEqual([loaded[0], { key: 'new-0', name: 'Sol' }]);
  });
});
