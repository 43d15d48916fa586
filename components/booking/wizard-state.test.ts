import { regexes } from 'zod/v4/core';
import type { Employee, HourGroup } from '@/lib/validation/dto';
import { ZEmail } from '@/lib/validation/common';
import { isWorkingDate } from '@/lib/domain/schedule';
import { isBookableDate, isStaffDate, lastBookableDate, lastStaffDate } from './date-rules';
import { agendaReturnHref, applyPreset, parsePreset, presetApplies, presetHour, walkInHour, withHour, type Preset } from './wizard-preset';
import {
  choose,
  clearAfter,
  clientSteps,
  flowSteps,
  EMAIL_PATTERN,
  isEmail,
  isFilled,
  nextIndex,
  parseDraft,
  personStillBookable,
  restoredValues,
  startIndex,
  stepProblem,
  type WizardValues,
} from './wizard-state';

const service = { id: 3, name: 'Corte', description: '', price: 15, duration: 30, busy_slots: [], employees: [], version: 'v1', employees_version: 'e1' };
const employee = { email: 'ana@klok.test', name: 'Ana' } as Employee;
const hour = { id: 'a_b', start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T09:30:00.000Z' };

describe('wizard steps', () => {
  it('asks for the person only when the account has sub-users', () => {
    expect(clientSteps(false)).toEqual(['service', 'employee', 'date', 'hour', 'summary']);
    expect(clientSteps(true)).toEqual(['user', 'service', 'employee', 'date', 'hour', 'summary']);
  });

  it.each<[WizardValues, number]>([
    [{}, 0],
    [{ service }, 1],
    [{ service, employee }, 2],
    [{ service, employee, date: '2026-11-23' }, 3],
    [{ service, employee, date: '2026-11-23', hour }, 4],
    [{ employee, date: '2026-11-23' }, 0],
  ])('starts after the last filled step (%#)', (values, index) => {
    expect(startIndex(clientSteps(false), values)).toBe(index);
  });

  it('never counts the summary as filled', () => {
    expect(isFilled('summary', { service, employee, date: '2026-11-23', hour })).toBe(false);
  });

  it('clears every later step when going back', () => {
    const steps = clientSteps(true);
    const values: WizardValues = { user: { id: 'u', name: 'Eva' }, service, employee, date: '2026-11-23', hour };
    expect(clearAfter(steps, values, 1)).toEqual({ user: values.user, service });
    expect(clearAfter(steps, values, 0)).toEqual({ user: values.user });
  });

  it('a new choice empties the later steps', () => {
    const steps = clientSteps(false);
    const values: WizardValues = { service, employee, date: '2026-11-23', hour };
    expect(choose(steps, values, 'date', '2026-11-24')).toEqual({ service, employee, date: '2026-11-24' });
  });

  it("a visit's added services belong to the service step: changing them empties the later steps, going back before the step empties them", () => {
    const steps = clientSteps(true);
    const colour = { ...service, id: 4, name: 'Color' };
    const values: WizardValues = { user: { id: 'u', name: 'Eva' }, service, extra: [colour], employee, date: '2026-11-23', hour };
    expect(choose(steps, values, 'extra', [])).toEqual({ user: values.user, service, extra: [] });
    expect(clearAfter(steps, values, 1)).toEqual({ user: values.user, service, extra: [colour] });
    expect(clearAfter(steps, values, 0)).toEqual({ user: values.user });
  });

  it('a draft keeps the added services when they have a service\u2019s shape, and is refused otherwise', () => {
    const steps = clientSteps(false);
    const colour = { ...service, id: 4, name: 'Color' };
    const draft = (extra: unknown) => JSON.stringify({ step: 'employee', values: { service, extra } });
    expect(parseDraft(draft([colour]), steps)).toEqual({ step: 'employee', values: { service, extra: [colour] } });
    expect(parseDraft(draft([{ id: 'x' }]), steps)).toBeNull();
    expect(parseDraft(draft('Color'), steps)).toBeNull();
  });

  it("the leave's note changes no step, and a changed step keeps the note", () => {
    const steps = flowSteps('leave');
    const range = { start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T10:00:00.000Z' };
    const values: WizardValues = { employee, date: '2026-11-23', range };
    const noted = choose(steps, values, 'notes', 'Médico');
    expect(noted).toEqual({ ...values, notes: 'Médico' });
    expect(choose(steps, noted, 'date', '2026-11-24')).toEqual({ employee, date: '2026-11-24', notes: 'Médico' });
  });
});

describe('flows', () => {
  it('has one step list per flow', () => {
    expect(flowSteps('client')).toEqual(['service', 'employee', 'date', 'hour', 'summary']);
    expect(flowSteps('client', { askPerson: true })[0]).toBe('user');
    expect(flowSteps('staffAppointment')).toEqual(['employee', 'service', 'date', 'hour', 'client', 'summary']);
    expect(flowSteps('leave')).toEqual(['employee', 'date', 'range', 'summary']);
  });

  it.each<[WizardValues['client'], ReturnType<typeof stepProblem>]>([
    [undefined, 'nameRequired'],
    [{ name: '  ', email: 'ana@correo.es' }, 'nameRequired'],
    [{ name: 'Lola', email: '' }, null],
    [{ name: 'Lola', email: 'lola@correo.es' }, null],
    [{ name: 'Lola', email: 'lola@' }, 'invalidEmail'],
    [{ name: 'x'.repeat(120), email: '' }, null],
    [{ name: ` ${'x'.repeat(120)} `, email: '' }, null],
    [{ name: 'x'.repeat(121), email: '' }, 'nameTooLong'],
  ])('client step: %j → %s', (client, problem) => {
    expect(stepProblem('client', { client })).toBe(problem);
  });

  it('range step needs a start and a later end', () => {
    const start = '2026-11-23T09:00:00.000Z';
    expect(stepProblem('range', {})).toBe('selectValue');
    expect(stepProblem('range', { range: { start } })).toBe('selectValue');
    expect(stepProblem('range', { range: { start, end: start } })).toBe('invalidRange');
    expect(stepProblem('range', { range: { start, end: '2026-11-23T09:05:00.000Z' } })).toBeNull();
  });

  it('Siguiente skips the later steps a preset filled', () => {
    const steps = flowSteps('staffAppointment');
    const values: WizardValues = { employee, service, date: '2026-11-23', hour };
    expect(nextIndex(steps, values, 1)).toBe(4); // service → client
    expect(nextIndex(steps, { employee, service }, 1)).toBe(2); // plain flow: one step on
    expect(nextIndex(steps, { ...values, client: { name: 'Lola', email: '' } }, 4)).toBe(5);
  });

  it('a new service or an earlier step keeps the typed client and empties the hour', () => {
    const steps = flowSteps('staffAppointment');
    const client = { name: 'Lola Pérez', email: 'lola@correo.es' };
    const values: WizardValues = { employee, service, date: '2026-11-23', hour, client };
    const other = { ...service, id: 4, name: 'Tinte', duration: 60 };
    const changed = choose(steps, values, 'service', other);
    expect(changed).toEqual({ employee, service: other, client });
    expect(clearAfter(steps, values, 0)).toEqual({ employee, client });
    // Once the date and hour are chosen again, Siguiente goes from the hour straight to the summary.
    expect(nextIndex(steps, { ...changed, date: '2026-11-24', hour }, 3)).toBe(5);
  });
});

describe('agenda slot preset', () => {
  const preset: Preset = {
    employee: 'ana@klok.test',
    date: '2026-11-23',
    start: '2026-11-23T17:30:00.000Z',
    end: '2026-11-23T18:00:00.000Z',
  };

  it('reads the agenda query', () => {
    expect(
      parsePreset({ employee: 'Ana@Klok.test', date: '2026-11-23', start: '2026-11-23T17:30:00.000Z', end: '2026-11-23T18:00:00.000Z' }),
    ).toEqual(preset);
    expect(parsePreset({ employee: 'ana@klok.test', start: '2026-11-23T17:30:00.000Z' })).toEqual({
      employee: 'ana@klok.test',
      date: '2026-11-23',
      start: '2026-11-23T17:30:00.000Z',
    });
    expect(parsePreset({ employee: 'ana@klok.test', date: '2026-11-23' })).toEqual({ employee: 'ana@klok.test', date: '2026-11-23' });
    expect(parsePreset({ date: '2026-11-23' })).toBeNull();
    expect(parsePreset({ employee: 'nadie', date: '2026-11-23' })).toBeNull();
    expect(parsePreset({ employee: 'ana@klok.test', date: 'mañana' })).toBeNull();
    // A start on another day than the date, or an end before the start, is dropped.
    expect(parsePreset({ employee: 'ana@klok.test', date: '2026-11-24', start: preset.start })).toEqual({ employee: 'ana@klok.test', date: '2026-11-24' });
    expect(parsePreset({ ...preset, end: '2026-11-23T17:00:00.000Z' })).toEqual({ employee: preset.employee, date: preset.date, start: preset.start });
  });

  it('employee flow: prefills the date, then the hour once the service is chosen, and starts at the service', () => {
    const steps = flowSteps('staffAppointment');
    const initial = applyPreset('staffAppointment', { employee }, preset);
    expect(initial).toEqual({ employee });
    expect(startIndex(steps, initial)).toBe(1);
    const withService = applyPreset('staffAppointment', choose(steps, initial, 'service', service), preset);
    expect(withService.date).toBe('2026-11-23');
    expect(withService.hour).toEqual({
      id: '2026-11-23T17:30:00.000Z_2026-11-23T18:00:00.000Z',
      start_time: '2026-11-23T17:30:00.000Z',
      end_time: '2026-11-23T18:00:00.000Z',
    });
    expect(nextIndex(steps, withService, 1)).toBe(steps.indexOf('client'));
  });

  it('employee flow: another date or stylist keeps the preset out', () => {
    const steps = flowSteps('staffAppointment');
    const otherDate = applyPreset('staffAppointment', choose(steps, { employee, service }, 'date', '2026-11-24'), preset);
    expect(otherDate.hour).toBeUndefined();
    const other = { ...employee, email: 'luis@klok.test' };
    expect(applyPreset('staffAppointment', { employee: other, service }, preset)).toEqual({ employee: other, service });
    expect(presetApplies(preset, { employee, date: '2026-11-23' })).toBe(true);
    expect(presetApplies(preset, { employee, date: '2026-11-24' })).toBe(false);
  });

  it('leave flow: everything prefilled opens on the summary', () => {
    const steps = flowSteps('leave');
    const initial = applyPreset('leave', { employee }, preset);
    expect(initial).toEqual({ employee, date: '2026-11-23', range: { start: preset.start, end: preset.end } });
    expect(startIndex(steps, initial)).toBe(steps.indexOf('summary'));
    expect(startIndex(steps, applyPreset('leave', { employee }, { ...preset, end: undefined }))).toBe(steps.indexOf('range'));
  });

  it('the client flow ignores presets', () => {
    expect(applyPreset('client', { employee }, preset)).toEqual({ employee });
  });

  it('the preset hour lasts the service', () => {
    expect(presetHour(preset, 45)?.end_time).toBe('2026-11-23T18:15:00.000Z');
    expect(presetHour({ employee: preset.employee, date: preset.date }, 45)).toBeUndefined();
  });

  it('offers the slot among the free hours, in its Madrid hour group', () => {
    const groups: HourGroup[] = [
      { hour: '10:00', hours: [{ id: 'a', start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T09:30:00.000Z' }] },
      { hour: '18:00', hours: [{ id: 'b', start_time: '2026-11-23T17:00:00.000Z', end_time: '2026-11-23T17:30:00.000Z' }] },
    ];
    const slot = presetHour(preset, 30)!; // 18:30 Madrid
    const merged = withHour(groups, slot);
    expect(merged.map((g) => g.hour)).toEqual(['10:00', '18:00']);
    expect(merged[1]!.hours.map((h) => h.start_time)).toEqual(['2026-11-23T17:00:00.000Z', slot.start_time]);
    const late = presetHour({ ...preset, start: '2026-11-23T21:30:00.000Z' }, 30)!; // 22:30 Madrid
    expect(withHour(groups, late).map((g) => g.hour)).toEqual(['10:00', '18:00', '22:00']);
    // Already listed: unchanged.
    expect(withHour(groups, groups[0]!.hours[0])).toBe(groups);
    expect(withHour(groups, undefined)).toBe(groups);
  });
});

describe('walk-in hour ("Ahora")', () => {
  // Thursday 26 November 2026, winter time (UTC+1).
  const at = (iso: string) => Date.parse(iso);
  it('starts today at the current minute rounded down to 5 and lasts the service', () => {
    expect(walkInHour('2026-11-26', 30, at('2026-11-26T13:02:10Z'))).toEqual({
      id: '2026-11-26T13:00:00.000Z_2026-11-26T13:30:00.000Z',
      start_time: '2026-11-26T13:00:00.000Z',
      end_time: '2026-11-26T13:30:00.000Z',
    });
  });
  it('is off the 15-minute grid and outside any shift: 22:40 at 22:44 Madrid', () => {
    expect(walkInHour('2026-11-26', 45, at('2026-11-26T21:44:59Z'))?.start_time).toBe('2026-11-26T21:40:00.000Z');
  });
  it('is only for today (Madrid): not yesterday nor tomorrow, and 00:30 Madrid is already the next day', () => {
    const now = at('2026-11-26T13:02:00Z');
    expect(walkInHour('2026-11-27', 30, now)).toBeUndefined();
    expect(walkInHour('2026-11-25', 30, now)).toBeUndefined();
    expect(walkInHour('2026-11-27', 30, at('2026-11-26T23:30:00Z'))?.start_time).toBe('2026-11-26T23:30:00.000Z');
    expect(walkInHour('2026-11-26', 30, at('2026-11-26T23:30:00Z'))).toBeUndefined();
  });
  it('is not offered when the service would end after midnight; ending at midnight is fine', () => {
    expect(walkInHour('2026-11-26', 30, at('2026-11-26T22:36:00Z'))).toBeUndefined();
    expect(walkInHour('2026-11-26', 30, at('2026-11-26T22:34:00Z'))?.end_time).toBe('2026-11-26T23:00:00.000Z');
    expect(walkInHour('2026-11-26', 5, at('2026-11-26T22:59:59Z'))?.start_time).toBe('2026-11-26T22:55:00.000Z');
  });
});

describe('bookable dates', () => {
  const worker: Pick<Employee, 'week_shifts' | 'special_shifts'> = {
    // Monday to Friday 10:00-14:00; Saturday listed but unavailable; Sunday without shifts.
    week_shifts: [0, 1, 2, 3, 4, 5, 6].map((id) => ({
      id,
      label: '',
      available: id >= 1 && id <= 5,
      shifts: id === 0 ? [] : [{ id: `${id}-0`, open: '10:00', close: '14:00' }],
    })),
    special_shifts: [
      { date: '2026-11-25', available: false, shift: [], notes: 'Formación' },
      { date: '2026-11-29', available: true, shift: [{ id: 's', open: '10:00', close: '13:00' }], notes: '' },
      { date: '2026-11-30', available: false, shift: [], notes: '' },
      // Marked available but without any shift: still closed (the one rule of lib/domain/schedule).
      { date: '2026-12-01', available: true, shift: [], notes: '' },
    ],
  };
  const today = '2026-11-23'; // a Monday

  it.each([
    ['2026-11-22', false], // past
    ['2026-11-23', true], // today, Monday
    ['2026-11-24', true], // Tuesday
    ['2026-11-25', false], // special shift closed
    ['2026-11-28', false], // Saturday unavailable
    ['2026-11-29', true], // Sunday opened by a special shift
    ['2026-11-30', false], // special shift closed
    ['2026-12-01', false], // special day marked available without shifts is closed
    ['2026-12-22', true], // Tuesday, today + 29
    ['2026-12-23', true], // Wednesday, today + 30
    ['2026-12-24', false], // beyond the 30-day window
  ])('%s bookable: %s', (date, expected) => {
    expect(isBookableDate(date, worker, today)).toBe(expected);
  });

  it('ends the window 30 days after today', () => {
    expect(lastBookableDate('2026-11-23')).toBe('2026-12-23');
  });

  it.each([
    ['2026-11-22', undefined, false], // past
    ['2026-11-24', undefined, true],
    ['2026-11-25', undefined, false], // special shift closed
    ['2026-11-28', undefined, false], // no shift
    ['2026-12-01', undefined, false], // special day marked available without shifts is closed
    ['2026-11-28', '2026-11-28', true], // the date of a slot selected in the agenda
    ['2026-11-22', '2026-11-22', false], // …but never a past one
    ['2027-03-02', undefined, true], // staff: no 30-day limit
  ])('staff %s (agenda date %s) bookable: %s', (date, allowed, expected) => {
    expect(isStaffDate(date, worker, today, allowed)).toBe(expected);
  });

  it('works on the weekdays with shifts and the open special dates', () => {
    expect(isWorkingDate(worker, '2026-11-29')).toBe(true);
    expect(isWorkingDate(worker, '2026-11-30')).toBe(false);
    expect(lastStaffDate('2026-11-23')).toBe('2027-11-23');
  });
});

describe('isEmail (the contract ZEmail without zod schemas)', () => {
  it("uses zod's own e-mail pattern", () => expect(EMAIL_PATTERN.source).toBe(regexes.email.source));
  it.each(['ana@klok.test', 'Ana.Lopez+1@Example.COM', 'ana@klok', 'ana..x@klok.test', 'a b@klok.test'])('agrees with ZEmail on %j', (v) =>
    expect(isEmail(v)).toBe(ZEmail.safeParse(v.trim()).success),
  );
  it.each(['ana@klok.test', ' Ana.Lopez+1@Example.COM ', 'a_b@sub.example.es'])('accepts %j', (v) => expect(isEmail(v)).toBe(true));
  it.each(['', 'ana', 'ana@', '@klok.test', 'ana@klok', 'a b@klok.test', 'ana..x@klok.test', `${'a'.repeat(250)}@x.es`])('refuses %j', (v) =>
    expect(isEmail(v)).toBe(false),
  );
});

describe('where closing a staff wizard returns', () => {
  it.each([
    [{ from: '2026-11-25' }, null, '/?date=2026-11-25'],
    [{}, { employee: 'ana@klok.test', date: '2026-11-24' }, '/?date=2026-11-24'],
    [{ from: 'mañana' }, { employee: 'ana@klok.test', date: '2026-11-24' }, '/?date=2026-11-24'],
    [{ from: '2026-02-30' }, null, '/'],
    [{}, null, '/'],
  ])('%j with preset %j → %s', (query, preset, href) => {
    expect(agendaReturnHref(query, preset)).toBe(href);
  });
});

describe('stored draft (a reload restores the wizard)', () => {
  const steps = flowSteps('staffAppointment');
  const emp = { email: 'ana@klok.test', name: 'Ana', week_shifts: [], special_shifts: [] } as unknown as Employee;
  const client = { name: 'Lola', email: '' };
  const stored = (draft: unknown) => JSON.stringify(draft);

  it('gives back the step and the values that were stored', () => {
    const values: WizardValues = { employee: emp, service, date: '2026-11-23', hour, client };
    expect(parseDraft(stored({ step: 'client', values }), steps)).toEqual({ step: 'client', values });
  });

  it.each<[string, string | null]>([
    ['nothing stored', null],
    ['corrupt text', '{"step":"client","values":'],
    ['not an object', '[1,2]'],
    ["another flow's step", stored({ step: 'range', values: {} })],
    ['a value of the wrong shape', stored({ step: 'date', values: { employee: emp, service: { ...service, id: 'x' } } })],
    ['a date that is not one', stored({ step: 'hour', values: { employee: emp, service, date: '23/11/2026' } })],
    ['an hour without instants', stored({ step: 'client', values: { employee: emp, service, date: '2026-11-23', hour: { id: 'a', start_time: 'x', end_time: 'y' } } })],
  ])('starts afresh on %s', (_case, raw) => {
    expect(parseDraft(raw, steps)).toBeNull();
  });

  it("keeps the leave's typed note with the steps' values", () => {
    const leaveSteps = flowSteps('leave');
    const values: WizardValues = { employee: emp, date: '2026-11-23', range: { start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T10:00:00.000Z' }, notes: 'Médico' };
    expect(parseDraft(stored({ step: 'summary', values }), leaveSteps)).toEqual({ step: 'summary', values });
    expect(parseDraft(stored({ step: 'summary', values: { ...values, notes: 3 } }), leaveSteps)).toBeNull();
  });

  it('opens at most on the first step left unfilled and drops the steps the flow lacks', () => {
    const raw = stored({ step: 'summary', values: { employee: emp, service, user: { id: 'u', name: 'Eva' }, client } });
    expect(parseDraft(raw, steps)).toEqual({ step: 'date', values: { employee: emp, service, client } });
  });
});

describe('restoredValues: a reload keeps what the wizard opened with outside its steps', () => {
  const self = { id: 'u-ana', name: 'Ana' };
  const draft = { date: '2026-12-02' };

  it('the client itself, booked for without a person step, comes back with the draft', () => {
    expect(restoredValues(clientSteps(false), { user: self }, draft)).toEqual({ user: self, date: '2026-12-02' });
  });

  it("a flow's own step is the draft's: a person chosen or left empty is not refilled from the opening values", () => {
    expect(restoredValues(clientSteps(true), { user: self }, draft)).toEqual(draft);
    const leo = { id: 's-leo', name: 'Leo' };
    expect(restoredValues(clientSteps(true), { user: self }, { user: leo })).toEqual({ user: leo });
  });
});

describe('personStillBookable: a restored draft for a person who has booked since cannot finish', () => {
  const ana = { id: 'u-ana', name: 'Ana' };
  const leo = { id: 's-leo', name: 'Leo' };

  it('accepts a draft whose person may still book, or without a person yet', () => {
    expect(personStillBookable({ user: leo }, [ana, leo])).toBe(true);
    expect(personStillBookable({ date: '2026-12-02' }, [ana])).toBe(true);
  });

  it('refuses a draft whose person is not among those who may book', () => {
    expect(personStillBookable({ user: leo }, [ana])).toBe(false);
  });
});
