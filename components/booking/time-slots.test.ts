import { leaveEndSlots, leaveStartSlots, slotOf, timeSlots } from './time-slots';

describe('time-slot generator', () => {
  it('runs from 05:00 to before 22:00 every 15 minutes by default, labels in Madrid and values in UTC', () => {
    const slots = timeSlots('2026-11-23'); // winter: UTC+1
    expect(slots).toHaveLength(17 * 4);
    expect(slots[0]).toEqual({ label: '05:00', value: '2026-11-23T04:00:00.000Z' });
    expect(slots.at(-1)).toEqual({ label: '21:45', value: '2026-11-23T20:45:00.000Z' });
  });

  it('follows summer time', () => {
    expect(timeSlots('2026-07-01', { step: 5 })[0]).toEqual({ label: '05:00', value: '2026-07-01T03:00:00.000Z' });
  });

  it('handles the days the clocks change', () => {
    const spring = timeSlots('2026-03-29', { from: 300, to: 310, step: 5 });
    expect(spring.map((s) => s.value)).toEqual(['2026-03-29T03:00:00.000Z', '2026-03-29T03:05:00.000Z']);
    const autumn = timeSlots('2026-10-25', { from: 300, to: 305, step: 5 });
    expect(autumn[0]!.value).toBe('2026-10-25T04:00:00.000Z');
  });
});

describe('leave range choices', () => {
  const date = '2026-11-23';
  const dayBefore = Date.parse('2026-11-22T12:00:00.000Z');

  it('offers starts every 5 minutes from 05:00 to 21:55', () => {
    const starts = leaveStartSlots(date, dayBefore);
    expect(starts).toHaveLength(17 * 12);
    expect(starts[0]!.label).toBe('05:00');
    expect(starts.at(-1)!.label).toBe('21:55');
  });

  it('drops the starts already over today, keeping the current 5 minutes', () => {
    const now = Date.parse('2026-11-23T09:07:00.000Z'); // 10:07 Madrid
    expect(leaveStartSlots(date, now)[0]!.label).toBe('10:05');
  });

  it('offers ends after the start up to 22:00 included', () => {
    const ends = leaveEndSlots(date, '2026-11-23T20:30:00.000Z'); // after 21:30
    expect(ends.map((s) => s.label)).toEqual(['21:35', '21:40', '21:45', '21:50', '21:55', '22:00']);
    expect(leaveEndSlots(date, undefined)[0]!.label).toBe('05:05');
  });

  it('keeps a range selected in the agenda outside the list', () => {
    const start = '2026-11-23T21:30:00.000Z'; // 22:30 Madrid
    const end = '2026-11-23T22:00:00.000Z'; // 23:00
    expect(leaveStartSlots(date, dayBefore, start).at(-1)).toEqual(slotOf(start));
    expect(leaveEndSlots(date, start, end)).toEqual([{ label: '23:00', value: end }]);
  });
});
