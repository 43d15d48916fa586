import messages from '@/lib/i18n/messages/es.json';
import { checkWaitlistForm, initialWaitlistDate, waitlistDateLimits, type WaitlistFormValues } from './waitlist-body';

/** The waitlist form's dates and body: the contract's schema and the domain's range rule, as the server applies them. */

// 12:00 in Madrid on Friday 1 May 2026; the client's window ends on 31 May.
const NOW = Date.parse('2026-05-01T10:00:00Z');
const choice = { services: [{ id: 3 }, { id: 1 }], employeeId: 'any' };
const values = (o: Partial<WaitlistFormValues> = {}): WaitlistFormValues => ({ from: '2026-05-03', to: '2026-05-05', partOfDay: 'morning', userId: 'u-ana', ...o });
const rangeMessage = (key: keyof typeof messages.errors) => messages.errors[key];
const check = (o: Partial<WaitlistFormValues> = {}, c = choice) => checkWaitlistForm(c, values(o), NOW, rangeMessage);

describe('waitlist dates', () => {
  it('offers today to the last day of the 30-day window (Madrid)', () => {
    expect(waitlistDateLimits(NOW)).toEqual({ min: '2026-05-01', max: '2026-05-31' });
    // 23:30 UTC on 30 April is already 1 May in Madrid.
    expect(waitlistDateLimits(Date.parse('2026-04-30T23:30:00Z')).min).toBe('2026-05-01');
  });

  it('starts at the wizard\u2019s date inside the window, else today', () => {
    expect(initialWaitlistDate('2026-05-12', NOW)).toBe('2026-05-12');
    expect(initialWaitlistDate('2026-06-01', NOW)).toBe('2026-05-01');
    expect(initialWaitlistDate('2026-04-30', NOW)).toBe('2026-05-01');
    expect(initialWaitlistDate(undefined, NOW)).toBe('2026-05-01');
  });
});

describe('checkWaitlistForm', () => {
  it('builds the body of POST /users/{email}/waitlist', () => {
    expect(check()).toEqual({
      ok: true,
      body: { services: [3, 1], employee_id: 'any', from: '2026-05-03', to: '2026-05-05', part_of_day: 'morning', user_id: 'u-ana' },
    });
  });

  it('sends a named stylist in lower case and leaves out an empty person', () => {
    const result = check({ userId: '' }, { services: [{ id: 1 }], employeeId: 'Sara@Klok.Demo' });
    expect(result).toEqual({ ok: true, body: expect.objectContaining({ employee_id: 'sara@klok.demo' }) });
    expect(result.ok && 'user_id' in result.body).toBe(false);
  });

  it.each([
    [{ from: '2026-05-06' }, { to: messages.errors.waitlistRangeOrder }],
    [{ from: '2026-04-30' }, { from: messages.errors.waitlistRangePast }],
    [{ to: '2026-06-01' }, { to: messages.errors.waitlistRangeWindow }],
    [{ from: '' }, { from: messages.validation.invalidDate }],
    [{ to: '2026-02-30' }, { to: messages.validation.invalidDate }],
  ])('refuses %j with the message on its field', (o, problems) => {
    expect(check(o)).toEqual({ ok: false, problems });
  });

  it('accepts a single day and the last day of the window', () => {
    expect(check({ from: '2026-05-01', to: '2026-05-01' }).ok).toBe(true);
    expect(check({ from: '2026-05-31', to: '2026-05-31' }).ok).toBe(true);
  });

  it('puts a problem of the choice itself (no service) on the form', () => {
    const result = check({}, { services: [], employeeId: 'any' });
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.problems)).toEqual(['form']);
  });
});
