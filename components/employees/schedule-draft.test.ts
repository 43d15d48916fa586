import type { WeekShiftDay } from '@/lib/validation/dto';
import {
  copyDay,
  dayMinutes,
  displayOrder,
  draftWeek,
  keepDraftWeek,
  nextShift,
  sameWeek,
  setAvailable,
  shiftErrors,
  specialPayload,
  specialValid,
  upcomingSpecials,
  weekPayload,
  weekValid,
  weeklyShiftsOn,
} from './schedule-draft';

const LABELS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];

/** The seed's split week: Monday–Friday 09:30–14:00 and 16:00–20:00, Saturday 09:00–14:00, Sunday closed. */
function seedWeek(): WeekShiftDay[] {
  return LABELS.map((label, id) => {
    const shifts =
      id === 0
        ? []
        : id === 6
          ? [{ id: '6-0', open: '09:00', close: '14:00' }]
          : [
              { id: `${id}-0`, open: '09:30', close: '14:00' },
              { id: `${id}-1`, open: '16:00', close: '20:00' },
            ];
    return { id, label, available: shifts.length > 0, shifts };
  });
}

describe('weekly schedule draft', () => {
  it('keeps the seven days by id and shows them Monday first', () => {
    const draft = draftWeek(seedWeek().slice(1)); // Sunday missing: closed
    expect(draft.map((d) => d.id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(draft[0]).toMatchObject({ available: false, shifts: [] });
    expect(displayOrder(draft).map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it('sends a closed day without shifts and detects changes by what would be sent', () => {
    const base = draftWeek(seedWeek());
    const edited = base.map((d) => (d.id === 1 ? { ...d, available: false } : d));
    expect(weekPayload(edited)[1]).toEqual({ id: 1, available: false, shifts: [] });
    expect(sameWeek(base, edited)).toBe(false);
    // Switching the day back on restores its shifts: nothing changed.
    expect(sameWeek(base, edited.map((d) => (d.id === 1 ? { ...d, available: true } : d)))).toBe(true);
    expect(sameWeek(base, draftWeek(seedWeek()))).toBe(true);
    expect(weekValid(base)).toBe(true);
  });

  it('reports shift errors with the schema messages, by shift', () => {
    expect(shiftErrors([{ open: '09:30', close: '14:00' }])).toEqual({});
    expect(shiftErrors([{ open: '14:00', close: '10:00' }])).toEqual({ 0: 'La hora de fin debe ser posterior a la de inicio' });
    expect(
      shiftErrors([
        { open: '09:00', close: '14:00' },
        { open: '13:00', close: '18:00' },
      ]),
    ).toEqual({ 1: 'Cada turno debe empezar después de que termine el anterior' });
    // Touching shifts are refused too: each start after the previous end.
    expect(Object.keys(shiftErrors([{ open: '09:00', close: '14:00' }, { open: '14:00', close: '18:00' }]))).toEqual(['1']);
    expect(shiftErrors([{ open: '09:02', close: '14:00' }])).toEqual({ 0: 'Las horas van en pasos de 5 minutos' });
    expect(shiftErrors([{ open: '', close: '14:00' }])[0]).toBe('Cada turno necesita una hora de inicio y una de fin');
  });

  it('makes the week invalid while a day has a bad shift, but not when that day is closed', () => {
    const bad = draftWeek(seedWeek()).map((d) =>
      d.id === 2 ? { ...d, shifts: [{ key: 'x', open: '15:00', close: '12:00' }] } : d,
    );
    expect(weekValid(bad)).toBe(false);
    expect(weekValid(bad.map((d) => (d.id === 2 ? { ...d, available: false } : d)))).toBe(true);
  });

  it('copies one day onto others (availability and shifts) and leaves the rest', () => {
    const base = draftWeek(seedWeek());
    const monday = { ...base[1]!, shifts: [{ key: 'm', open: '10:00', close: '13:00' }] };
    const copied = copyDay(
      base.map((d) => (d.id === 1 ? monday : d)),
      1,
      [2, 3, 4, 5],
    );
    for (const id of [1, 2, 3, 4, 5]) expect(weekPayload(copied)[id]).toEqual({ id, available: true, shifts: [{ open: '10:00', close: '13:00' }] });
    expect(weekPayload(copied)[6]).toEqual(weekPayload(base)[6]);
    // Copying a closed day closes the targets; row keys are never shared.
    const closed = copyDay(base, 0, [6]);
    expect(closed[6]).toMatchObject({ available: false });
    expect(new Set(copied.flatMap((d) => d.shifts.map((s) => s.key))).size).toBe(copied.flatMap((d) => d.shifts).length);
  });

  it('adds a shift after the last one and proposes one for a day switched on', () => {
    expect(nextShift([])).toMatchObject({ open: '09:00', close: '14:00' });
    expect(nextShift([{ open: '09:00', close: '14:00' }])).toMatchObject({ open: '15:00', close: '16:00' });
    expect(nextShift([{ open: '09:00', close: '23:50' }])).toMatchObject({ open: '23:50', close: '24:00' });
    const sunday = draftWeek(seedWeek())[0]!;
    expect(setAvailable(sunday, true)).toMatchObject({ available: true, shifts: [{ open: '09:00', close: '14:00' }] });
    expect(setAvailable(sunday, true, [{ open: '10:00', close: '12:00' }]).shifts).toMatchObject([{ open: '10:00', close: '12:00' }]);
    expect(setAvailable(draftWeek(seedWeek())[1]!, false).shifts).toHaveLength(2);
  });

  it('counts the opening minutes of a day, none when closed', () => {
    const monday = draftWeek(seedWeek())[1]!;
    expect(dayMinutes(monday)).toBe(510);
    expect(dayMinutes({ ...monday, available: false })).toBe(0);
  });

  it('accepts a shift that ends at midnight', () => {
    expect(shiftErrors([{ open: '18:00', close: '24:00' }])).toEqual({});
  });
});

describe('special schedule draft', () => {
  const today = '2026-11-23';
  const taken = new Set(['2026-11-25']);

  it('needs a date that is not past nor taken', () => {
    const closed = { date: null, available: false, shifts: [], notes: '' };
    expect(specialPayload(closed)).toBeNull();
    expect(specialValid(closed, today, taken)).toBe(false);
    expect(specialValid({ ...closed, date: '2026-11-24' }, today, taken)).toBe(true);
    expect(specialValid({ ...closed, date: '2026-11-22' }, today, taken)).toBe(false);
    expect(specialValid({ ...closed, date: '2026-11-25' }, today, taken)).toBe(false);
  });

  it('needs at least one valid shift when available, and sends a closed day without shifts', () => {
    const base = { date: '2026-11-24', available: true, shifts: [], notes: '  Festivo  ' };
    expect(specialValid(base, today, taken)).toBe(false);
    const shifts = [{ key: 'a', open: '10:00', close: '13:00' }];
    expect(specialValid({ ...base, shifts }, today, taken)).toBe(true);
    expect(specialValid({ ...base, shifts: [{ key: 'a', open: '13:00', close: '10:00' }] }, today, taken)).toBe(false);
    expect(specialPayload({ ...base, available: false, shifts })).toEqual({ date: '2026-11-24', available: false, shift: [], notes: 'Festivo' });
  });

  it('prefills from the weekly schedule and lists upcoming schedules by date', () => {
    expect(weeklyShiftsOn(seedWeek(), 6)).toEqual([{ open: '09:00', close: '14:00' }]);
    expect(weeklyShiftsOn(seedWeek(), 0)).toEqual([]);
    const list = [
      { date: '2026-11-30', available: false, shift: [], notes: '' },
      { date: '2026-11-20', available: false, shift: [], notes: '' },
      { date: '2026-11-23', available: true, shift: [{ id: 'a', open: '10:00', close: '12:00' }], notes: '' },
    ];
    expect(upcomingSpecials(list, today).map((s) => s.date)).toEqual(['2026-11-23', '2026-11-30']);
  });
});

describe('keepDraftWeek (the weekly editor after a stale save)', () => {
  const api = (saturday: boolean, monday = '10:00'): WeekShiftDay[] =>
    [0, 1, 2, 3, 4, 5, 6].map((id) => {
      const shifts = id === 6 && saturday ? [{ id: '6-0', open: '09:00', close: '13:00' }] : id >= 1 && id <= 5 ? [{ id: `${id}-0`, open: id === 1 ? monday : '10:00', close: '14:00' }] : [];
      return { id, label: '', available: shifts.length > 0, shifts };
    });

  test('a colleague’s Saturday shift appears and this person’s Monday change stays', () => {
    const loaded = draftWeek(api(false));
    const mine = loaded.map((d) => (d.id === 1 ? { ...d, shifts: [{ key: 'k', open: '12:00', close: '14:00' }] } : d));
    const merged = keepDraftWeek(loaded, mine, draftWeek(api(true)));
    expect(weekPayload(merged)).toEqual(weekPayload(draftWeek(api(true, '12:00'))));
  });

  test('a day edited and put back as it was takes the current day', () => {
    const loaded = draftWeek(api(false));
    const mine = copyDay(loaded, 2, [1]); // Tuesday onto Monday: the same hours, new row keys
    const current = draftWeek(api(true, '11:00'));
    expect(weekPayload(keepDraftWeek(loaded, mine, current))).toEqual(weekPayload(current));
  });
});
