import { renderToStaticMarkup } from 'react-dom/server';
import messages from '@/lib/i18n/messages/es.json';
import type { Summary } from '@/lib/validation/reports';
import { occupancyRows, periodKindOf, pointsChange, relativeChange, signedPercent } from './summary-figures';
import { SummaryView } from './summary-view';

/**
 * "Resumen" as rendered: the Spanish labels of every figure, euros and percentages in es-ES, the change
 * against the previous period ("—" without one), occupancy bars per stylist named from the employees, the
 * estimate line, and "Exportar CSV" for admins only.
 */

jest.mock('next-intl', () => jest.requireActual('@/test/stubs/next-intl'));

const m = messages.summary;
/** es-ES puts a no-break space before `%` and `€`. */
const nb = (s: string) => s.replace(/ (?=[%€])/g, '\u00a0');
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
const CSV = '/api/v1/facility/1/reports/appointments.csv?from=2026-11-23&to=2026-11-29';

const CURRENT: Summary = {
  ...WEEK,
  revenue_estimated: 1234.5,
  attended: 28,
  no_shows: 2,
  cancelled: 3,
  late_cancellations: 1,
  no_show_loss: 45,
  occupancy: [
    { employee_id: 'sara@klok.demo', booked_minutes: 30, scheduled_minutes: 480 },
    { employee_id: 'marcos@klok.demo', booked_minutes: 600, scheduled_minutes: 0 },
    { employee_id: 'ida@klok.demo', booked_minutes: 540, scheduled_minutes: 480 },
  ],
  occupancy_by_day: [],
  new_clients: 4,
  returning_clients: 20,
  rebooked_share: 0.45,
  waitlist_refills: 2,
};
const PREVIOUS: Summary = {
  from: '2026-11-16',
  to: '2026-11-22',
  revenue_estimated: 1102.23,
  attended: 25,
  no_shows: 0,
  cancelled: 3,
  late_cancellations: 2,
  no_show_loss: 0,
  occupancy: [{ employee_id: 'sara@klok.demo', booked_minutes: 48, scheduled_minutes: 480 }],
  occupancy_by_day: [],
  new_clients: 4,
  returning_clients: 16,
  rebooked_share: 0.4,
  waitlist_refills: 0,
};
const NAMES = { 'sara@klok.demo': 'Sara', 'marcos@klok.demo': 'Marcos' };

const html = (props: Partial<Parameters<typeof SummaryView>[0]> = {}) =>
  renderToStaticMarkup(<SummaryView kind="week" period={WEEK} current={CURRENT} previous={PREVIOUS} names={NAMES} csvUrl={null} {...props} />);

describe('SummaryView', () => {
  it('shows every figure with its Spanish label, es-ES euros and the change against the previous week', () => {
    const markup = html();
    for (const label of Object.values(m.figure)) expect(markup).toContain(label.replace(/&/g, '&amp;'));
    expect(markup).toContain(m.occupancy);
    expect(markup).toContain('Semana del 23 al 29 de noviembre');
    expect(markup).toContain(nb('1234,50 €'));
    expect(markup).toContain(nb('45,00 €'));
    // 1234.50 against 1102.23: +12 %.
    expect(markup).toContain(nb('+12 % vs semana anterior'));
    // Nothing before to compare with: "—".
    expect(markup).toContain('— vs semana anterior');
    expect(markup).toContain(nb('0 % vs semana anterior'));
    // % con próxima cita: 45 %, five points up.
    expect(markup).toContain(nb('45 %'));
    expect(markup).toContain('+5 pts vs semana anterior');
    expect(markup).toContain(m.estimate);
  });

  it('draws occupancy per stylist with the name and the percentage in text, the bar capped at its track', () => {
    const markup = html();
    expect(markup).toMatch(/Sara<\/span><span class="summary-bar-value">6\u00a0%<\/span>/);
    expect(markup).toContain('width:6.3%');
    expect(markup).toContain('30m de 8h');
    expect(markup).toContain('-4 pts vs semana anterior');
    expect(markup).toMatch(/Marcos<\/span><span class="summary-bar-value">Sin horario<\/span>/);
    // A stylist missing from the employees list is named by the e-mail's local part; 113 % fills the bar.
    expect(markup).toMatch(/ida<\/span><span class="summary-bar-value">113\u00a0%<\/span>/);
    expect(markup).toContain('width:100%');
  });

  it('links the periods in the URL and marks the current one', () => {
    const markup = html({ kind: 'month', period: { from: '2026-11-01', to: '2026-11-30' } });
    expect(markup).toContain('href="/summary?period=day"');
    expect(markup).toMatch(/aria-current="page"[^>]*href="\/summary\?period=month"|href="\/summary\?period=month"[^>]*aria-current="page"/);
    expect(markup).toContain('noviembre de 2026');
    expect(markup).toContain('vs mes anterior');
  });

  it('offers Exportar CSV with a download only when given the address (admins)', () => {
    expect(html()).not.toContain(m.exportCsv);
    const admin = html({ csvUrl: CSV });
    expect(admin).toContain(m.exportCsv);
    expect(admin).toContain(`href="${CSV.replace(/&/g, '&amp;')}" download=""`);
  });

  it('says — for % con próxima cita without attended visits and without a previous period', () => {
    const markup = html({ current: { ...CURRENT, rebooked_share: null }, previous: undefined });
    expect(markup).not.toContain('pts');
    expect(markup).not.toContain('+12');
  });
});

describe('summary figures', () => {
  it.each([
    ['week', 'week'],
    ['day', 'day'],
    ['month', 'month'],
    ['year', 'week'],
    [undefined, 'week'],
    [['day'], 'week'],
  ])('?period=%p → %p', (value, kind) => expect(periodKindOf(value)).toBe(kind));

  it('compares with the previous value, null without one', () => {
    expect(relativeChange(112, 100)).toBeCloseTo(0.12);
    expect(relativeChange(5, 0)).toBeNull();
    expect(relativeChange(0, 0)).toBe(0);
    expect(relativeChange(3, undefined)).toBeNull();
    expect(signedPercent(-0.05)).toBe(nb('-5 %'));
    expect(signedPercent(null)).toBeNull();
    expect(pointsChange(0.4, 0.45)).toEqual({ sign: '-', value: '5' });
    expect(pointsChange(0.4, null)).toBeNull();
  });

  it('names stylists from the employees and keeps the previous share per stylist', () => {
    const rows = occupancyRows(CURRENT, PREVIOUS, NAMES);
    expect(rows.map((r) => r.name)).toEqual(['Sara', 'Marcos', 'ida']);
    expect(rows[0]).toMatchObject({ share: 30 / 480, previousShare: 0.1 });
    expect(rows[1]).toMatchObject({ share: null, previousShare: null });
  });
});
