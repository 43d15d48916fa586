import { ZServiceCreate, ZServiceUpdate, missingServiceFields } from '@/lib/validation/services';
import type { Service } from '@/lib/validation/dto';
import {
  HOUR_OPTIONS,
  MINUTE_OPTIONS,
  addSegment,
  createBodyOf,
  cutSegments,
  draftFromService,
  durationOf,
  emptyDraft,
  employeesChanged,
  infoChanged,
  parsePrice,
  removeSegment,
  segmentChoices,
  serverFieldErrors,
  setSegmentTime,
  shownSegments,
  updateBodyOf,
  withDuration,
  type ServiceDraft,
} from './service-draft';

const mechas: Service = {
  id: 7,
  name: 'Mechas',
  description: 'Mechas con papel de aluminio',
  price: 45.5,
  duration: 75,
  busy_slots: [
    { startMinutes: 0, endMinutes: 30 },
    { startMinutes: 60, endMinutes: 75 },
  ],
  employees: [{ email: 'sara@klok.demo', name: 'Sara López' }],
  version: 'v1',
  employees_version: 'e1',
};

const filled = (over: Partial<ServiceDraft> = {}): ServiceDraft => ({
  ...emptyDraft(),
  name: 'Corte',
  description: 'Corte y peinado',
  price: '18',
  employees: ['sara@klok.demo'],
  ...over,
});

describe('service draft', () => {
  it('offers hours 0–4 and minutes 0–55 in steps of 5', () => {
    expect(HOUR_OPTIONS).toEqual([0, 1, 2, 3, 4]);
    expect(MINUTE_OPTIONS).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
  });

  it('starts a new service at 30 minutes worked from start to end', () => {
    const d = emptyDraft();
    expect([d.hours, d.minutes]).toEqual([0, 30]);
    expect(d.segments).toEqual([{ startMinutes: 0, endMinutes: 30 }]);
  });

  it.each([
    ['12', 12],
    ['12,50', 12.5],
    ['12.5', 12.5],
    [' 0 ', 0],
    ['', undefined],
    ['   ', undefined],
  ])('reads the price %p as %p', (text, euros) => {
    expect(parsePrice(text)).toBe(euros);
  });

  it('turns text that is no number into NaN, which the price schema rejects', () => {
    expect(parsePrice('doce')).toBeNaN();
    expect(missingServiceFields(ZServiceCreate, createBodyOf(filled({ price: 'doce' })))).toEqual(['price']);
  });

  it('lists the missing fields of an empty new service in the spec order', () => {
    expect(missingServiceFields(ZServiceCreate, createBodyOf(emptyDraft()))).toEqual(['name', 'description', 'price', 'employees']);
    const noTime = withDuration(filled({ name: '' }), 0, 0);
    expect(missingServiceFields(ZServiceCreate, createBodyOf(noTime))).toEqual(['name', 'duration']);
    expect(missingServiceFields(ZServiceCreate, createBodyOf(removeSegment(filled(), 0)))).toEqual(['busy_slots']);
    expect(ZServiceCreate.safeParse(createBodyOf(filled({ price: '18,5' }))).success).toBe(true);
  });

  it('round-trips a service: the draft of a service is unchanged and valid', () => {
    const d = draftFromService(mechas);
    expect(d.price).toBe('45,50');
    expect(draftFromService({ ...mechas, price: 18 }).price).toBe('18');
    expect([d.hours, d.minutes]).toEqual([1, 15]);
    expect(infoChanged(d, mechas)).toBe(false);
    expect(ZServiceUpdate.safeParse(updateBodyOf(d)).success).toBe(true);
    expect(infoChanged({ ...d, price: '45.50' }, mechas)).toBe(false);
    expect(infoChanged({ ...d, name: ' Mechas ' }, mechas)).toBe(false);
    expect(infoChanged({ ...d, price: '46' }, mechas)).toBe(true);
    expect(infoChanged(setSegmentTime(d, 0, 'end', 35), mechas)).toBe(true);
  });

  it('ties the last part to the total duration and keeps parts a shorter total cuts', () => {
    const d = draftFromService(mechas);
    expect(updateBodyOf(withDuration(d, 1, 30)).busy_slots).toEqual([
      { startMinutes: 0, endMinutes: 30 },
      { startMinutes: 60, endMinutes: 90 },
    ]);
    // 45 minutes: part 2 is left out, part 1 is not stretched over the rest gap.
    const shorter = withDuration(d, 0, 45);
    expect(shownSegments(shorter)).toEqual([{ startMinutes: 0, endMinutes: 30 }]);
    expect(cutSegments(shorter).map((c) => [c.index, c.saved])).toEqual([[1, null]]);
    expect(updateBodyOf(withDuration(shorter, 1, 15)).busy_slots).toEqual(mechas.busy_slots);
    expect(infoChanged(withDuration(shorter, 1, 15), mechas)).toBe(false);
  });

  it('keeps 0–45 and 75–90 through the reported sequence 1 h 30 → 0 h → 1 h', () => {
    const colour = draftFromService({
      ...mechas,
      duration: 90,
      busy_slots: [
        { startMinutes: 0, endMinutes: 45 },
        { startMinutes: 75, endMinutes: 90 },
      ],
    });
    const zero = withDuration(colour, 0, colour.minutes);
    expect(durationOf(zero)).toBe(30);
    expect(shownSegments(zero)).toEqual([{ startMinutes: 0, endMinutes: 30 }]);
    expect(cutSegments(zero).map((c) => c.index)).toEqual([0, 1]);
    const back = withDuration(zero, 1, zero.minutes);
    expect(cutSegments(back)).toEqual([]);
    expect(updateBodyOf(back).busy_slots).toEqual([
      { startMinutes: 0, endMinutes: 45 },
      { startMinutes: 75, endMinutes: 90 },
    ]);
  });

  it('edits the shown parts while a shorter total cuts others, and gives the cut ones back', () => {
    const d = withDuration(draftFromService(mechas), 0, 45);
    // Part 1 ends at 20, a new part fills 20–45: the cut part 60–75 still returns at 1 h 15.
    const edited = addSegment(setSegmentTime(d, 0, 'end', 20));
    expect(shownSegments(edited)).toEqual([
      { startMinutes: 0, endMinutes: 20 },
      { startMinutes: 20, endMinutes: 45 },
    ]);
    expect(shownSegments(withDuration(edited, 1, 15))).toEqual([
      { startMinutes: 0, endMinutes: 20 },
      { startMinutes: 20, endMinutes: 45 },
      { startMinutes: 60, endMinutes: 75 },
    ]);
    expect(shownSegments(withDuration(removeSegment(edited, 1), 1, 15))).toEqual([
      { startMinutes: 0, endMinutes: 20 },
      { startMinutes: 60, endMinutes: 75 },
    ]);
  });

  it('saves nothing when every part falls outside the duration, which the schema refuses', () => {
    const late = { ...draftFromService(mechas), segments: [{ startMinutes: 30, endMinutes: 75 }] };
    const d = withDuration(late, 0, 25);
    expect(updateBodyOf(d).busy_slots).toEqual([]);
    expect(missingServiceFields(ZServiceUpdate, updateBodyOf(d))).toEqual(['busy_slots']);
  });

  it('adds a part from the last end to the total only while the last part ends early', () => {
    const d = withDuration(filled(), 1, 15);
    expect(addSegment(d)).toBe(d);
    const shorter = setSegmentTime(d, 0, 'end', 30);
    expect(shownSegments(addSegment(shorter))).toEqual([
      { startMinutes: 0, endMinutes: 30 },
      { startMinutes: 30, endMinutes: 75 },
    ]);
  });

  it('offers each start from the previous end and each end up to the next start, in 5-minute steps', () => {
    const segments = mechas.busy_slots;
    expect(segmentChoices(75, segments, 0)).toEqual({ starts: [0, 5, 10, 15, 20, 25], ends: [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60] });
    expect(segmentChoices(75, segments, 1)).toEqual({ starts: [30, 35, 40, 45, 50, 55, 60, 65, 70], ends: [65, 70, 75] });
  });

  it('always offers the current value, even off the rules', () => {
    const odd = [{ startMinutes: 0, endMinutes: 40 }, { startMinutes: 30, endMinutes: 60 }];
    expect(segmentChoices(60, odd, 1).starts).toContain(30);
  });

  it('compares stylist lists as sets', () => {
    expect(employeesChanged(['a@x.es', 'b@x.es'], ['B@x.es', 'a@x.es'])).toBe(false);
    expect(employeesChanged(['a@x.es'], ['a@x.es', 'b@x.es'])).toBe(true);
    expect(employeesChanged(['a@x.es'], ['b@x.es'])).toBe(true);
  });

  it('reads the field messages of a 400 answer', () => {
    expect(
      serverFieldErrors({
        fields: [
          { path: 'price', message: 'Precio no válido' },
          { path: 'busy_slots.1.endMinutes', message: 'Tramo fuera' },
          { path: 'busy_slots', message: 'second' },
          { path: 'other', message: 'ignored' },
          { path: ['name'], message: 'Nombre' },
        ],
      }),
    ).toEqual({ price: 'Precio no válido', busy_slots: 'Tramo fuera', name: 'Nombre' });
    expect(serverFieldErrors(undefined)).toEqual({});
    expect(serverFieldErrors({ fields: 'x' })).toEqual({});
  });
});
