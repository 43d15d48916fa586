import type { Employee } from '@/lib/api-client/types';
import { isBookableDate, lastBookableDate } from './date-rules';
import { choose, clearAfter, clientSteps, isFilled, startIndex, type BookingValues } from './wizard-state';

const service = { id: 3, name: 'Corte', description: '', price: 15, duration: 30, busy_slots: [], employees: [] };
const employee = { email: 'ana@klok.test', name: 'Ana' } as Employee;
const hour = { id: 'a_b', start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T09:30:00.000Z' };

describe('wizard steps', () => {
  it('asks for the person only when the account has sub-users', () => {
    expect(clientSteps(false)).toEqual(['service', 'employee', 'date', 'hour', 'summary']);
    expect(clientSteps(true)).toEqual(['user', 'service', 'employee', 'date', 'hour', 'summary']);
  });

  it.each<[BookingValues, number]>([
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
    const values: BookingValues = { user: { id: 'u', name: 'Eva' }, service, employee, date: '2026-11-23', hour };
    expect(clearAfter(steps, values, 1)).toEqual({ user: values.user, service });
    expect(clearAfter(steps, values, 0)).toEqual({ user: values.user });
  });

  it('a new choice empties the later steps', () => {
    const steps = clientSteps(false);
    const values: BookingValues = { service, employee, date: '2026-11-23', hour };
    expect(choose(steps, values, 'date', '2026-11-24')).toEqual({ service, employee, date: '2026-11-24' });
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
      { date: '2026-11-30', available: 0, shift: [], notes: '' },
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
    ['2026-11-30', false], // special shift closed (0)
    ['2026-12-22', true], // Tuesday, today + 29
    ['2026-12-23', true], // Wednesday, today + 30
    ['2026-12-24', false], // beyond the 30-day window
  ])('%s bookable: %s', (date, expected) => {
    expect(isBookableDate(date, worker, today)).toBe(expected);
  });

  it('ends the window 30 days after today', () => {
    expect(lastBookableDate('2026-11-23')).toBe('2026-12-23');
  });
});
