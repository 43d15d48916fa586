import { groupVisits, visitPlaces } from './visit-groups';

/** A service of a visit (or an appointment alone: its own id as visit id) starting at `hhmm` UTC. */
const part = (id: string, visit: string, hhmm: string) => ({ id, visit_id: visit, start_time: `2026-11-23T${hhmm}:00.000Z` });

describe('groupVisits', () => {
  it('groups by visit, each by start, the visits by their first start', () => {
    const list = [part('b2', 'b', '12:00'), part('a', 'a', '09:00'), part('b1', 'b', '10:30')];
    expect(groupVisits(list).map((v) => v.map((p) => p.id))).toEqual([['a'], ['b1', 'b2']]);
  });
});

describe('visitPlaces: "Visita n/total" by start within each visit of two or more', () => {
  it('numbers each visit by start, whatever the order given', () => {
    const places = visitPlaces([part('x3', 'x', '12:00'), part('x1', 'x', '09:00'), part('y2', 'y', '11:00'), part('x2', 'x', '10:15'), part('y1', 'y', '10:00')]);
    expect([...places].map(([id, p]) => [id, p.position, p.size]).sort()).toEqual([
      ['x1', 1, 3],
      ['x2', 2, 3],
      ['x3', 3, 3],
      ['y1', 1, 2],
      ['y2', 2, 2],
    ]);
    expect(places.get('x2')!.parts.map((p) => p.id)).toEqual(['x1', 'x2', 'x3']);
    // One list per visit, shared by its services.
    expect(places.get('x1')!.parts).toBe(places.get('x3')!.parts);
  });

  it('gives a visit of one (an appointment alone, or what is left of a visit) no place', () => {
    const places = visitPlaces([part('a', 'a', '09:00'), part('z1', 'z', '10:00')]);
    expect(places.size).toBe(0);
  });

  it('none for none', () => expect(visitPlaces([]).size).toBe(0));
});
