import { madridDate } from '@/lib/domain/time';
import { madridDateLight } from './today';

describe('madridDateLight', () => {
  it('gives the Madrid date as madridDate does, around midnights and both DST changes', () => {
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 2000; i++) {
      const t = start + i * 4.4 * 3_600_000;
      expect(madridDateLight(t)).toBe(madridDate(t));
    }
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(madridDateLight(Date.UTC(2026, 11, 31, 23, 30))).toBe('2027-01-01');
  });
});
