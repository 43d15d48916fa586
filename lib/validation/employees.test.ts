/**
 * Request bodies of the employee endpoints (spec sections 5 and 7): every rule of
 * lib/validation/employees and of `shiftListError`, with the Spanish messages the forms and the API show.
 */
import messages from '@/lib/i18n/messages/es.json';
import { shiftListError } from '@/lib/domain/schedule';
import {
  EMPLOYEE_COLORS,
  ZEmployeeParams,
  ZEmployeePatch,
  ZEmployeeServices,
  ZFacilityEmployeeParams,
  ZShiftInput,
  ZShiftList,
  ZSpecialShiftCreate,
  ZSpecialShiftDeleteQuery,
  ZSpecialShiftParams,
  ZWeekShiftDayInput,
  ZWeekShifts,
} from './employees';

const v = messages.validation;

/** The issues of a failed parse as `path: message` (the API's `details.fields`). */
function issues(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}
/** The parsed value (throws when invalid). */
const parsed = <T>(schema: { parse(v: unknown): T }, value: unknown): T => schema.parse(value);

const s = (open: string, close: string) => ({ open, close });

/** A valid weekly schedule: Monday–Friday split shift, Saturday morning, Sunday closed. */
const week = () => [
  { id: 0, label: 'Domingo', available: false, shifts: [] },
  ...[1, 2, 3, 4, 5].map((id) => ({ id, available: true, shifts: [s('09:30', '14:00'), s('16:00', '20:00')] })),
  { id: 6, available: true, shifts: [s('09:00', '14:00')] },
];

describe('shiftListError: start and end, 5-minute grid, end after start, start after the previous end', () => {
  test.each([
    { name: 'no shifts', shifts: [], expected: null },
    { name: 'one shift', shifts: [s('09:30', '14:00')], expected: null },
    { name: 'a split shift', shifts: [s('09:30', '14:00'), s('16:00', '20:00')], expected: null },
    { name: 'a shift until midnight (24:00)', shifts: [s('20:00', '24:00')], expected: null },
    { name: 'a shift from midnight', shifts: [s('00:00', '02:00')], expected: null },
    { name: 'missing start', shifts: [{ close: '14:00' }], expected: { index: 0, error: 'missing_time' } },
    { name: 'missing end', shifts: [{ open: '09:00', close: null }], expected: { index: 0, error: 'missing_time' } },
    { name: 'empty start', shifts: [s('', '14:00')], expected: { index: 0, error: 'missing_time' } },
    { name: 'malformed time', shifts: [s('9:00', '14:00')], expected: { index: 0, error: 'missing_time' } },
    { name: 'minutes over 59', shifts: [s('09:60', '14:00')], expected: { index: 0, error: 'missing_time' } },
    { name: 'an end after 24:00', shifts: [s('20:00', '24:05')], expected: { index: 0, error: 'missing_time' } },
    { name: 'a start at 24:00', shifts: [s('24:00', '24:00')], expected: { index: 0, error: 'missing_time' } },
    { name: 'an off-grid start', shifts: [s('09:03', '14:00')], expected: { index: 0, error: 'off_grid' } },
    { name: 'an off-grid end', shifts: [s('09:00', '13:58')], expected: { index: 0, error: 'off_grid' } },
    { name: 'end equal to start', shifts: [s('09:00', '09:00')], expected: { index: 0, error: 'end_before_start' } },
    { name: 'end before start', shifts: [s('14:00', '09:00')], expected: { index: 0, error: 'end_before_start' } },
    {
      name: 'the second shift starting when the first ends',
      shifts: [s('09:00', '14:00'), s('14:00', '18:00')],
      expected: { index: 1, error: 'starts_before_previous_end' },
    },
    {
      name: 'the second shift starting inside the first',
      shifts: [s('09:00', '14:00'), s('13:00', '18:00')],
      expected: { index: 1, error: 'starts_before_previous_end' },
    },
    {
      name: 'shifts out of order',
      shifts: [s('16:00', '20:00'), s('09:00', '14:00')],
      expected: { index: 1, error: 'starts_before_previous_end' },
    },
    {
      name: 'the first error in order wins (index 1 before index 2)',
      shifts: [s('09:00', '10:00'), s('11:00', '10:30'), s('09:03', '12:00')],
      expected: { index: 1, error: 'end_before_start' },
    },
    {
      name: 'a third shift after a valid second',
      shifts: [s('08:00', '09:00'), s('10:00', '11:00'), s('12:00', '13:00')],
      expected: null,
    },
  ])('$name', ({ shifts, expected }) => {
    expect(shiftListError(shifts)).toEqual(expected);
  });
});

describe('ZShiftInput: HH:mm open and close, optional id', () => {
  test.each([
    [{ open: '09:30', close: '14:00' }, []],
    [{ id: 'a1', open: '00:00', close: '24:00' }, []],
    [{ open: '9:30', close: '14:00' }, [`open: ${v.shiftMissingTime}`]],
    [{ open: '09:30', close: '24:30' }, [`close: ${v.shiftMissingTime}`]],
    [{ open: '25:00', close: '26:00' }, [`open: ${v.shiftMissingTime}`, `close: ${v.shiftMissingTime}`]],
    [{ open: '09:30' }, ['close: Invalid input: expected string, received undefined']],
    [{ id: 'x'.repeat(65), open: '09:30', close: '14:00' }, ['id: Too big: expected string to have <=64 characters']],
  ])('%j → %j', (value, expected) => {
    expect(issues(ZShiftInput, value)).toEqual(expected);
  });
});

describe('ZShiftList: the rules of shiftListError with their Spanish messages, at most 6 shifts', () => {
  test.each([
    { name: 'valid split shift', value: [s('09:30', '14:00'), s('16:00', '20:00')], expected: [] },
    { name: 'empty list', value: [], expected: [] },
    { name: 'off grid', value: [s('09:32', '14:00')], expected: [`0: ${v.shiftOffGrid}`] },
    { name: 'end before start', value: [s('14:00', '09:30')], expected: [`0: ${v.shiftEndBeforeStart}`] },
    {
      name: 'overlapping second shift',
      value: [s('09:30', '14:00'), s('13:00', '20:00')],
      expected: [`1: ${v.shiftStartsBeforePreviousEnd}`],
    },
    {
      name: 'seven shifts',
      value: ['00', '02', '04', '06', '08', '10', '12'].map((h) => s(`${h}:00`, `${h}:30`)),
      expected: [': Too big: expected array to have <=6 items'],
    },
  ])('$name', ({ value, expected }) => {
    expect(issues(ZShiftList, value)).toEqual(expected);
  });

  it('reports a malformed time at the field and at the shift', () => {
    expect(issues(ZShiftList, [s('9:30', '14:00')])).toEqual([`0.open: ${v.shiftMissingTime}`, `0: ${v.shiftMissingTime}`]);
  });
});

describe('ZWeekShiftDayInput and ZWeekShifts: seven days, each once, 0 = Sunday … 6', () => {
  test.each([
    { name: 'a valid day', value: { id: 1, available: true, shifts: [s('09:30', '14:00')] }, expected: [] },
    { name: 'a closed day', value: { id: 0, available: false, shifts: [] }, expected: [] },
    { name: 'day id 7', value: { id: 7, available: true, shifts: [] }, expected: ['id: Too big: expected number to be <=6'] },
    { name: 'day id -1', value: { id: -1, available: true, shifts: [] }, expected: ['id: Too small: expected number to be >=0'] },
    { name: 'available as 1', value: { id: 1, available: 1, shifts: [] }, expected: ['available: Invalid input: expected boolean, received number'] },
    { name: 'a bad shift', value: { id: 1, available: true, shifts: [s('10:00', '09:00')] }, expected: [`shifts.0: ${v.shiftEndBeforeStart}`] },
    { name: 'a long label', value: { id: 1, label: 'x'.repeat(21), available: true, shifts: [] }, expected: ['label: Too big: expected string to have <=20 characters'] },
  ])('day: $name', ({ value, expected }) => {
    expect(issues(ZWeekShiftDayInput, value)).toEqual(expected);
  });

  test.each([
    { name: 'a full valid week', value: week(), expected: [] },
    { name: 'six days', value: week().slice(1), expected: [`: ${v.weekDaysInvalid}`] },
    { name: 'eight days', value: [...week(), { id: 3, available: false, shifts: [] }], expected: [`: ${v.weekDaysInvalid}`] },
    { name: 'a repeated day', value: week().map((d) => (d.id === 6 ? { ...d, id: 5 } : d)), expected: [`: ${v.weekDaysInvalid}`] },
    {
      name: 'a bad shift on Tuesday',
      value: week().map((d) => (d.id === 2 ? { ...d, shifts: [s('09:30', '14:00'), s('12:00', '20:00')] } : d)),
      expected: [`2.shifts.1: ${v.shiftStartsBeforePreviousEnd}`],
    },
  ])('week: $name', ({ value, expected }) => {
    expect(issues(ZWeekShifts, value)).toEqual(expected);
  });
});

describe('ZEmployeePatch: name, description, colour, week_shifts, fcm_token, force', () => {
  test.each([
    { name: 'a name', value: { name: 'Sara López' }, expected: [] },
    { name: 'a blank name', value: { name: '   ' }, expected: [`name: ${v.nameRequired}`] },
    { name: 'an empty name', value: { name: '' }, expected: [`name: ${v.nameRequired}`] },
    { name: 'a name of 121 characters', value: { name: 'x'.repeat(121) }, expected: ['name: Too big: expected string to have <=120 characters'] },
    { name: 'an empty description', value: { description: '' }, expected: [] },
    { name: 'a long description', value: { description: 'x'.repeat(1001) }, expected: ['description: Too big: expected string to have <=1000 characters'] },
    ...EMPLOYEE_COLORS.map((color) => ({ name: `swatch ${color}`, value: { color }, expected: [] as string[] })),
    { name: 'another colour', value: { color: '#000000' }, expected: [`color: ${v.colorInvalid}`] },
    { name: 'the fallback colour', value: { color: '#cccccc' }, expected: [`color: ${v.colorInvalid}`] },
    { name: 'a week', value: { week_shifts: week(), force: true }, expected: [] },
    { name: 'a bad week', value: { week_shifts: week().slice(0, 3) }, expected: [`week_shifts: ${v.weekDaysInvalid}`] },
    { name: 'a push token', value: { fcm_token: 'tok-123' }, expected: [] },
    { name: 'clearing the push token', value: { fcm_token: null }, expected: [] },
    { name: 'force as a string', value: { force: 'true' }, expected: ['force: Invalid input: expected boolean, received string'] },
    { name: 'the e-mail (not editable here)', value: { email: 'otra@klok.demo' }, expected: [': Unrecognized key: "email"'] },
    { name: 'the phone (not editable here)', value: { tlf: '+34600000000' }, expected: [': Unrecognized key: "tlf"'] },
  ])('$name', ({ value, expected }) => {
    expect(issues(ZEmployeePatch, value)).toEqual(expected);
  });

  it('trims the name and the description', () => {
    expect(parsed(ZEmployeePatch, { name: '  Sara  ', description: ' Peinados ' })).toEqual({ name: 'Sara', description: 'Peinados' });
  });
});

describe('ZEmployeeServices: positive service ids, distinct, at most 200', () => {
  test.each([
    { name: 'ids', value: { items: [1, 2, 3] }, expected: { items: [1, 2, 3] } },
    { name: 'no ids', value: { items: [] }, expected: { items: [] } },
    { name: 'repeated ids are kept once', value: { items: [2, 1, 2, 1] }, expected: { items: [2, 1] } },
    { name: 'numeric strings', value: { items: ['4'] }, expected: { items: [4] } },
  ])('$name', ({ value, expected }) => {
    expect(parsed(ZEmployeeServices, value)).toEqual(expected);
  });

  test.each([
    { name: 'zero', value: { items: [0] }, path: 'items.0' },
    { name: 'negative', value: { items: [-3] }, path: 'items.0' },
    { name: 'a fraction', value: { items: [1.5] }, path: 'items.0' },
    { name: 'a word', value: { items: ['corte'] }, path: 'items.0' },
    { name: 'no items', value: {}, path: 'items' },
    { name: 'over 200', value: { items: Array.from({ length: 201 }, (_, i) => i + 1) }, path: 'items' },
    { name: 'an unknown key', value: { items: [1], services: [1] }, path: '' },
  ])('refuses $name at `$path`', ({ value, path }) => {
    const r = ZEmployeeServices.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});

describe('ZSpecialShiftCreate: date, available (boolean or 1/0) with shifts, or closed; optional notes', () => {
  test.each([
    {
      name: 'an open day',
      value: { date: '2026-12-24', available: true, shift: [s('10:00', '14:00')], notes: 'Nochebuena' },
      expected: { date: '2026-12-24', available: true, shift: [s('10:00', '14:00')], notes: 'Nochebuena' },
    },
    {
      name: 'available as 1',
      value: { date: '2026-12-24', available: 1, shift: [s('10:00', '14:00')] },
      expected: { date: '2026-12-24', available: true, shift: [s('10:00', '14:00')], notes: '' },
    },
    {
      name: 'a closed day (0) drops the shifts it lists',
      value: { date: '2026-12-25', available: 0, shift: [s('10:00', '14:00')], notes: 'Navidad' },
      expected: { date: '2026-12-25', available: false, shift: [], notes: 'Navidad' },
    },
    {
      name: 'a closed day without shift',
      value: { date: '2026-12-25', available: false },
      expected: { date: '2026-12-25', available: false, shift: [], notes: '' },
    },
    {
      name: 'null notes become empty, notes are trimmed',
      value: { date: '2026-12-25', available: false, notes: null },
      expected: { date: '2026-12-25', available: false, shift: [], notes: '' },
    },
    {
      name: 'trimmed notes',
      value: { date: '2026-12-25', available: false, notes: '  Formación  ', force: true },
      expected: { date: '2026-12-25', available: false, shift: [], notes: 'Formación', force: true },
    },
  ])('$name', ({ value, expected }) => {
    expect(parsed(ZSpecialShiftCreate, value)).toEqual(expected);
  });

  test.each([
    { name: 'open without shifts', value: { date: '2026-12-24', available: true, shift: [] }, expected: [`shift: ${v.specialShiftNeedsShift}`] },
    { name: 'open with shift omitted', value: { date: '2026-12-24', available: 1 }, expected: [`shift: ${v.specialShiftNeedsShift}`] },
    { name: 'no date', value: { available: false }, expected: ['date: Invalid input: expected string, received undefined'] },
    { name: 'a non-existent date', value: { date: '2026-02-30', available: false }, expected: [`date: ${v.invalidDate}`] },
    { name: 'a date in another format', value: { date: '24/12/2026', available: false }, expected: [`date: ${v.invalidDate}`] },
    { name: 'available as 2', value: { date: '2026-12-24', available: 2 }, expected: ['available: Invalid input'] },
    {
      name: 'overlapping shifts',
      value: { date: '2026-12-24', available: true, shift: [s('10:00', '14:00'), s('13:00', '15:00')] },
      expected: [`shift.1: ${v.shiftStartsBeforePreviousEnd}`],
    },
    { name: 'off-grid shift', value: { date: '2026-12-24', available: true, shift: [s('10:01', '14:00')] }, expected: [`shift.0: ${v.shiftOffGrid}`] },
    { name: 'long notes', value: { date: '2026-12-24', available: false, notes: 'x'.repeat(501) }, expected: ['notes: Too big: expected string to have <=500 characters'] },
    { name: 'an unknown key', value: { date: '2026-12-24', available: false, employee: 'x' }, expected: [': Unrecognized key: "employee"'] },
  ])('refuses $name', ({ value, expected }) => {
    expect(issues(ZSpecialShiftCreate, value)).toEqual(expected);
  });
});

describe('path and query params', () => {
  test.each([
    { name: 'employee e-mail, lower-cased', schema: ZEmployeeParams, value: { employeeId: 'Sara@Klok.Demo' }, expected: { employeeId: 'sara@klok.demo' } },
    {
      name: 'facility 1 and an e-mail',
      schema: ZFacilityEmployeeParams,
      value: { facilityId: '1', employeeId: 'sara@klok.demo' },
      expected: { facilityId: 1, employeeId: 'sara@klok.demo' },
    },
    {
      name: 'facility, e-mail and date',
      schema: ZSpecialShiftParams,
      value: { facilityId: '1', employeeId: 'SARA@klok.demo', date: '2026-12-24' },
      expected: { facilityId: 1, employeeId: 'sara@klok.demo', date: '2026-12-24' },
    },
    { name: 'no force', schema: ZSpecialShiftDeleteQuery, value: {}, expected: { force: false } },
    { name: 'force=true', schema: ZSpecialShiftDeleteQuery, value: { force: 'true' }, expected: { force: true } },
    { name: 'force=false', schema: ZSpecialShiftDeleteQuery, value: { force: 'false' }, expected: { force: false } },
  ])('accepts $name', ({ schema, value, expected }) => {
    expect(parsed(schema as { parse(v: unknown): unknown }, value)).toEqual(expected);
  });

  test.each([
    { name: 'an employee id that is not an e-mail', schema: ZEmployeeParams, value: { employeeId: 'sara' }, path: 'employeeId' },
    { name: 'facility 2', schema: ZFacilityEmployeeParams, value: { facilityId: '2', employeeId: 'sara@klok.demo' }, path: 'facilityId' },
    { name: 'a bad date', schema: ZSpecialShiftParams, value: { facilityId: '1', employeeId: 'sara@klok.demo', date: '2026-13-01' }, path: 'date' },
    { name: 'force=yes', schema: ZSpecialShiftDeleteQuery, value: { force: 'yes' }, path: 'force' },
  ])('refuses $name at `$path`', ({ schema, value, path }) => {
    const r = (schema as { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }).safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual([path]);
  });
});

it('offers the five swatches of spec section 9', () => {
  expect(EMPLOYEE_COLORS).toEqual(['#2FB8AC', '#F9A825', '#4CAF50', '#607D8B', '#D16BA5']);
});
