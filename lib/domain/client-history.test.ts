/** A client's history sub-tabs (spec sections 2 and 4), at the boundaries. */
import { classifyHistory, type HistoryItem } from './client-history';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');
const iso = (offsetMinutes: number) => new Date(NOW + offsetMinutes * 60_000).toISOString();
type Item = HistoryItem & { id: string };
const item = (id: string, start: number, end: number, status: 'pending' | 'cancelled' = 'pending', cancelledAt?: number): Item => ({
  id,
  start_time: iso(start),
  end_time: iso(end),
  status,
  cancelled_at: cancelledAt === undefined ? null : iso(cancelledAt),
});
const ids = (list: Item[]) => list.map((a) => a.id);

describe('classifyHistory', () => {
  test.each([
    ['ends exactly now → past', item('a', -30, 0), 'past'],
    ['ends one millisecond after now → pending', { ...item('a', -30, 0), end_time: new Date(NOW + 1).toISOString() }, 'pending'],
    ['ended a minute ago → past', item('a', -31, -1), 'past'],
    ['in progress → pending', item('a', -10, 20), 'pending'],
    ['starts exactly now → pending', item('a', 0, 30), 'pending'],
    ['future → pending', item('a', 60, 90), 'pending'],
    ['cancelled future → cancelled', item('a', 60, 90, 'cancelled', -5), 'cancelled'],
    ['cancelled past → cancelled', item('a', -90, -60, 'cancelled', -100), 'cancelled'],
  ] as const)('%s', (_label, a, tab) => {
    const h = classifyHistory([a], NOW);
    expect({ pending: h.pending.length, past: h.past.length, cancelled: h.cancelled.length }).toEqual({
      pending: tab === 'pending' ? 1 : 0,
      past: tab === 'past' ? 1 : 0,
      cancelled: tab === 'cancelled' ? 1 : 0,
    });
  });

  it('orders pending soonest first, past and cancelled latest first', () => {
    const h = classifyHistory(
      [
        item('p2', 120, 150),
        item('old1', -3000, -2970),
        item('p1', 60, 90),
        item('old2', -60, -30),
        item('c1', -500, -470, 'cancelled', -600),
        item('c2', 300, 330, 'cancelled', -10),
        item('c3a', 100, 130, 'cancelled', -20),
        item('c3b', 100, 130, 'cancelled', -5),
      ],
      NOW,
    );
    expect(ids(h.pending)).toEqual(['p1', 'p2']);
    expect(ids(h.past)).toEqual(['old2', 'old1']);
    expect(ids(h.cancelled)).toEqual(['c2', 'c3b', 'c3a', 'c1']);
  });

  it('is empty for no appointments', () => {
    expect(classifyHistory([], NOW)).toEqual({ pending: [], past: [], cancelled: [] });
  });
});
