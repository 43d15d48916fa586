/**
 * Visits of several services and "Cualquier estilista" (beyond-the-spec section 2): back-to-back services,
 * processing gaps free for other work, shifts and leaves, the union over stylists, the assignment rule
 * (last stylist, fewest booked minutes, lowest id) and both daylight-saving Sundays of Madrid in 2026.
 */
import fc from 'fast-check';
import { availableStarts, openIntervals, type WeekShift } from './availability';
import { madridWallClock, MINUTE_MS, parseHHmm, type Range } from './time';
import { groupVisits } from './visit-groups';
import { assignVisit, planWithStylist, visitOffsets, visitStarts, type VisitService, type VisitStylist } from './visit';

const MONDAY = '2026-11-23';
const at = (hhmm: string, date = MONDAY) => madridWallClock(date, parseHHmm(hhmm));
const range = (from: string, to: string, date = MONDAY): Range => ({ start: at(from, date), end: at(to, date) });
const hhmm = (ms: number) => new Date(ms).toLocaleTimeString('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' });

/** A colour: 20 minutes applying, 30 processing (free for the stylist), 10 finishing. */
const COLOUR: VisitService = { id: 1, durationMinutes: 60, segments: [{ startMinutes: 0, endMinutes: 20 }, { startMinutes: 50, endMinutes: 60 }] };
/** A 20-minute cut. */
const CUT: VisitService = { id: 2, durationMinutes: 20, segments: [{ startMinutes: 0, endMinutes: 20 }] };
/** A 30-minute beard trim, offered by few. */
const BEARD: VisitService = { id: 3, durationMinutes: 30, segments: [{ startMinutes: 0, endMinutes: 30 }] };

const stylist = (id: string, o: { offers?: number[]; open?: Range[]; busy?: Range[] } = {}): VisitStylist => ({
  id,
  offers: o.offers ?? [1, 2],
  open: o.open ?? [range('10:00', '14:00')],
  busy: o.busy ?? [],
});

const NOW = at('08:00');
const starts = (services: VisitService[], stylists: VisitStylist[], anyStylist = false) =>
  visitStarts({ services, stylists, anyStylist, now: NOW, until: null }).map(hhmm);

describe('one stylist', () => {
  it('reserves the services back to back in the order given', () => {
    expect(visitOffsets([COLOUR, CUT])).toEqual([0, 60 * MINUTE_MS]);
    const parts = planWithStylist([COLOUR, CUT], at('10:00'), stylist('ana@x'));
    expect(parts?.map((p) => [p.serviceId, hhmm(p.start), hhmm(p.end)])).toEqual([
      [1, '10:00', '11:00'],
      [2, '11:00', '11:20'],
    ]);
    expect(parts?.[0]?.busy.map((r) => [hhmm(r.start), hhmm(r.end)])).toEqual([
      ['10:00', '10:20'],
      ['10:50', '11:00'],
    ]);
  });

  it('keeps the processing gap free: a cut for another client inside the colour’s gap leaves the visit bookable', () => {
    const busy = [range('10:25', '10:45')];
    expect(starts([COLOUR, CUT], [stylist('ana@x', { busy })])).toContain('10:00');
    // The same cut over the colour's application is in the way.
    expect(starts([COLOUR, CUT], [stylist('ana@x', { busy: [range('10:10', '10:30')] })])).not.toContain('10:00');
  });

  it('offers no start whose services reach into a leave or past the shift', () => {
    const offered = starts([COLOUR, CUT], [stylist('ana@x', { busy: [range('12:00', '12:30')] })]);
    // 80 minutes: the last start before the leave is 10:40 (10:40–12:00); after it, 12:30 (12:30–13:50).
    expect(offered).toEqual(['10:00', '10:15', '10:30', '12:30']);
    expect(offered).not.toContain('12:45');
  });

  it('does not offer 09:00–11:00 to a stylist available 10:00–17:00', () => {
    const long: VisitService = { id: 1, durationMinutes: 120, segments: [{ startMinutes: 0, endMinutes: 120 }] };
    const offered = starts([long], [stylist('ana@x', { open: [range('09:00', '09:30'), range('10:00', '17:00')] })]);
    expect(offered).not.toContain('09:00');
    expect(offered[0]).toBe('10:00');
  });

  it('needs the one stylist to offer every service', () => {
    expect(starts([COLOUR, BEARD], [stylist('ana@x')])).toEqual([]);
    expect(planWithStylist([COLOUR, BEARD], at('10:00'), stylist('ana@x'))).toBeNull();
  });
});

describe('Cualquier estilista', () => {
  it('offers an hour when one of two stylists is free, and assigns it to the free one', () => {
    const busyAna = stylist('ana@x', { busy: [range('10:00', '11:20')] });
    const freeBea = stylist('bea@x');
    expect(starts([COLOUR, CUT], [busyAna, freeBea], true)).toContain('10:00');
    const parts = assignVisit({ services: [COLOUR, CUT], start: at('10:00'), stylists: [{ ...busyAna, bookedMinutes: 0 }, { ...freeBea, bookedMinutes: 300 }], lastStylistByService: new Map() });
    expect(parts?.map((p) => p.stylistId)).toEqual(['bea@x', 'bea@x']);
  });

  it('hides the hour when both stylists are busy', () => {
    const busy = [range('10:00', '11:20')];
    expect(starts([COLOUR, CUT], [stylist('ana@x', { busy }), stylist('bea@x', { busy })], true)).not.toContain('10:00');
    expect(assignVisit({ services: [COLOUR, CUT], start: at('10:00'), stylists: [{ ...stylist('ana@x', { busy }), bookedMinutes: 0 }], lastStylistByService: new Map() })).toBeNull();
  });

  it('offers starts possible only by splitting the visit between stylists', () => {
    const ana = stylist('ana@x', { busy: [range('11:00', '11:20')] }); // free for the colour, not the cut
    const bea = stylist('bea@x', { busy: [range('10:00', '10:20')] }); // free for the cut, not the colour
    expect(starts([COLOUR, CUT], [ana], false)).not.toContain('10:00');
    expect(starts([COLOUR, CUT], [bea], false)).not.toContain('10:00');
    expect(starts([COLOUR, CUT], [ana, bea], true)).toContain('10:00');
    const parts = assignVisit({ services: [COLOUR, CUT], start: at('10:00'), stylists: [{ ...ana, bookedMinutes: 0 }, { ...bea, bookedMinutes: 0 }], lastStylistByService: new Map() });
    expect(parts?.map((p) => p.stylistId)).toEqual(['ana@x', 'bea@x']);
  });

  it('does not offer a visit whose second service has no free qualified stylist', () => {
    const ana = stylist('ana@x', { offers: [1, 2, 3], busy: [range('11:00', '11:30')] });
    const bea = stylist('bea@x', { offers: [1, 2] });
    expect(starts([COLOUR, BEARD], [ana, bea], true)).not.toContain('10:00');
    expect(starts([COLOUR, BEARD], [ana, bea], true)).toContain('11:30');
  });

  it('prefers the client’s last stylist for the service, then the fewest booked minutes, then the lowest id', () => {
    const base = (id: string, bookedMinutes: number) => ({ ...stylist(id), bookedMinutes });
    const assign = (stylists: ReturnType<typeof base>[], last: [number, string][] = []) =>
      assignVisit({ services: [COLOUR, CUT], start: at('10:00'), stylists, lastStylistByService: new Map(last) })?.map((p) => p.stylistId);
    // Equal load: the lowest id, for the whole visit.
    expect(assign([base('bea@x', 60), base('ana@x', 60)])).toEqual(['ana@x', 'ana@x']);
    // Fewer minutes wins.
    expect(assign([base('ana@x', 120), base('bea@x', 60)])).toEqual(['bea@x', 'bea@x']);
    // The last stylist of the cut takes the cut whatever the load.
    expect(assign([base('ana@x', 0), base('bea@x', 400)], [[2, 'bea@x']])).toEqual(['ana@x', 'bea@x']);
    // A last stylist who is not free is passed over.
    const busyBea = { ...stylist('bea@x', { busy: [range('11:00', '11:20')] }), bookedMinutes: 0 };
    expect(assign([base('ana@x', 500), busyBea], [[2, 'bea@x']])).toEqual(['bea@x', 'ana@x']);
  });

  it('spreads bookings: a new stylist with an empty day does not take every booking', () => {
    const loads = new Map([
      ['ana@x', 240],
      ['bea@x', 240],
      ['nuevo@x', 0],
    ]);
    const taken: string[] = [];
    for (let i = 0; i < 24; i++) {
      const stylists = [...loads].map(([id, bookedMinutes]) => ({ ...stylist(id, { open: [range('09:00', '21:00')] }), bookedMinutes }));
      const [part] = assignVisit({ services: [CUT], start: at('10:00'), stylists, lastStylistByService: new Map() })!;
      taken.push(part!.stylistId);
      loads.set(part!.stylistId, loads.get(part!.stylistId)! + CUT.durationMinutes);
    }
    // The empty day fills first (12 cuts make up its 240 minutes), then the three take turns.
    expect(taken.slice(0, 12).every((s) => s === 'nuevo@x')).toBe(true);
    expect(taken.slice(12, 15).sort()).toEqual(['ana@x', 'bea@x', 'nuevo@x']);
    expect(taken.filter((s) => s === 'nuevo@x').length).toBeLessThan(24);
    const spread = Math.max(...loads.values()) - Math.min(...loads.values());
    expect(spread).toBeLessThanOrEqual(CUT.durationMinutes);
  });
});

describe('daylight saving in Madrid', () => {
  const EVERY_DAY: WeekShift[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, openMinute: parseHHmm('01:00'), closeMinute: parseHHmm('05:00') }));
  it.each([
    ['2026-03-29', 'the last Sunday of March (02:00 → 03:00)'],
    ['2026-10-25', 'the last Sunday of October (03:00 → 02:00)'],
  ])('%s, %s: starts follow the wall clock and the visit lasts its real minutes', (date) => {
    const open = openIntervals(date, EVERY_DAY);
    const ana: VisitStylist = { id: 'ana@x', offers: [1, 2], open, busy: [] };
    const offered = visitStarts({ services: [COLOUR, CUT], stylists: [ana], anyStylist: false, now: 0, until: null });
    // The shift is 01:00–05:00 on the wall clock: 3 hours that day in March, 5 in October.
    const hours = (open[0]!.end - open[0]!.start) / (60 * MINUTE_MS);
    expect(hours).toBe(date.startsWith('2026-03') ? 3 : 5);
    expect(offered).toHaveLength(Math.floor((hours * 60 - 80) / 15) + 1);
    for (const start of offered) {
      const parts = planWithStylist([COLOUR, CUT], start, ana)!;
      expect(parts[1]!.end - parts[0]!.start).toBe(80 * MINUTE_MS);
    }
  });
});

describe('properties', () => {
  const busyRanges = fc.array(
    fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 8 })).map(([from, len]) => ({
      start: at('09:00') + from * 15 * MINUTE_MS,
      end: at('09:00') + (from + len) * 15 * MINUTE_MS,
    })),
    { maxLength: 8 },
  );

  it('one service gives exactly the starts of availableStarts', () => {
    fc.assert(
      fc.property(busyRanges, (busy) => {
        const open = [range('09:00', '14:00'), range('16:00', '20:00')];
        const expected = availableStarts({ date: MONDAY, open, busy, durationMinutes: COLOUR.durationMinutes, segments: COLOUR.segments, now: NOW, until: null });
        const got = visitStarts({ services: [COLOUR], stylists: [{ id: 'ana@x', offers: [1], open, busy }], anyStylist: false, now: NOW, until: null });
        expect(got).toEqual(expected);
      }),
    );
  });

  it('"Cualquier estilista" offers at least what each stylist offers alone, and every start it offers can be assigned without overlap', () => {
    fc.assert(
      fc.property(busyRanges, busyRanges, busyRanges, (a, b, c) => {
        const open = [range('09:00', '14:00')];
        const team = [
          { id: 'ana@x', offers: [1, 2], open, busy: a },
          { id: 'bea@x', offers: [1, 2], open, busy: b },
          { id: 'ciro@x', offers: [2], open, busy: c },
        ];
        const services = [COLOUR, CUT];
        const any = visitStarts({ services, stylists: team, anyStylist: true, now: NOW, until: null });
        for (const one of team) {
          for (const s of visitStarts({ services, stylists: [one], anyStylist: false, now: NOW, until: null })) expect(any).toContain(s);
        }
        for (const start of any) {
          const parts = assignVisit({ services, start, stylists: team.map((t) => ({ ...t, bookedMinutes: 0 })), lastStylistByService: new Map() });
          expect(parts).not.toBeNull();
          for (const p of parts!) {
            const who = team.find((t) => t.id === p.stylistId)!;
            expect(who.offers).toContain(p.serviceId);
            expect(p.busy.every((r) => !who.busy.some((x) => x.start < r.end && r.start < x.end))).toBe(true);
            expect(open.some((o) => o.start <= p.start && p.end <= o.end)).toBe(true);
          }
        }
      }),
    );
  });
});

describe('groupVisits', () => {
  it('gives one group per visit, its services by start, the visits by their first start', () => {
    const a = (id: string, visit: string, time: string) => ({ id, visit_id: visit, start_time: new Date(at(time)).toISOString() });
    const groups = groupVisits([a('x2', 'x', '11:15'), a('y1', 'y1', '09:30'), a('x1', 'x', '10:00'), a('z1', 'z1', '16:00')]);
    expect(groups.map((g) => g.map((p) => p.id))).toEqual([['y1'], ['x1', 'x2'], ['z1']]);
  });
});
