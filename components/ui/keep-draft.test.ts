import { keepDraft, keepDraftItems, keepDraftSet } from './keep-draft';

describe('keepDraft (a form after a stale save)', () => {
  const loaded = { name: 'Ana García', allowance: '1' };

  test.each([
    ['the person changed nothing: the current values show', loaded, { name: 'Ana G.', allowance: '3' }, { name: 'Ana G.', allowance: '3' }],
    ['the person changed the allowance, a colleague the name: both show', { name: 'Ana García', allowance: '2' }, { name: 'Ana G.', allowance: '1' }, { name: 'Ana G.', allowance: '2' }],
    ['both changed the name: the person’s typing stays', { name: 'Ana M.', allowance: '1' }, { name: 'Ana G.', allowance: '1' }, { name: 'Ana M.', allowance: '1' }],
    ['the person changed a field back to the loaded value: the current value shows', loaded, { name: 'Ana García', allowance: '4' }, { name: 'Ana García', allowance: '4' }],
  ])('%s', (_, draft, current, expected) => {
    expect(keepDraft(loaded, draft, current)).toEqual(expected);
  });

  test('arrays and objects compare by value', () => {
    const base = { users: [{ id: 'u1', name: 'Leo' }] };
    expect(keepDraft(base, { users: [{ id: 'u1', name: 'Leo' }] }, { users: [] })).toEqual({ users: [] });
    expect(keepDraft(base, { users: [{ id: 'u1', name: 'León' }] }, { users: [] })).toEqual({ users: [{ id: 'u1', name: 'León' }] });
  });
});

describe('keepDraftItems (the days of a week)', () => {
  type Day = { id: number; open: string | null };
  const id = (d: Day) => d.id;
  const week = (open: Record<number, string>): Day[] => [0, 1, 2, 3, 4, 5, 6].map((d) => ({ id: d, open: open[d] ?? null }));
  const loaded = week({ 1: '10:00', 2: '10:00' });

  test('the outside report: one tab added Saturday, the other changed Monday: both survive', () => {
    const mine = week({ 1: '12:00', 2: '10:00' });
    const current = week({ 1: '10:00', 2: '10:00', 6: '09:00' });
    expect(keepDraftItems(loaded, mine, current, id)).toEqual(week({ 1: '12:00', 2: '10:00', 6: '09:00' }));
  });

  test('the same day changed on both sides keeps the person’s day; other days follow the current week', () => {
    const mine = week({ 1: '12:00', 2: '10:00' });
    const current = week({ 1: '16:00', 2: '11:00' });
    expect(keepDraftItems(loaded, mine, current, id)).toEqual(week({ 1: '12:00', 2: '11:00' }));
  });

  test('an item added by the person is kept; one they removed stays removed unless changed meanwhile', () => {
    const items = [
      { id: 1, open: 'a' },
      { id: 2, open: 'b' },
    ];
    const mine = [{ id: 1, open: 'a' }, { id: 3, open: 'new' }];
    expect(keepDraftItems(items, mine, items, id)).toEqual([{ id: 1, open: 'a' }, { id: 3, open: 'new' }]);
    expect(keepDraftItems(items, mine, [{ id: 1, open: 'a' }, { id: 2, open: 'B' }], id)).toEqual([
      { id: 1, open: 'a' },
      { id: 2, open: 'B' },
      { id: 3, open: 'new' },
    ]);
  });
});

describe('keepDraftSet (assignments after a stale save)', () => {
  test('the person’s tick and untick stay; a colleague’s changes to other choices show', () => {
    const loaded = ['ana', 'leo'];
    const mine = ['leo', 'sara']; // unticked ana, ticked sara
    const current = ['ana', 'leo', 'marcos']; // a colleague ticked marcos
    expect(keepDraftSet(loaded, mine, current)).toEqual(['leo', 'marcos', 'sara']);
  });

  test('a choice the colleague removed and the person did not touch stays removed', () => {
    expect(keepDraftSet([1, 2, 3], [1, 2, 3, 4], [1, 3])).toEqual([1, 3, 4]);
  });
});
