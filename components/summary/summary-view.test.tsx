import { renderToStaticMarkup } from 'react-dom/server';
import messages from '@/lib/i18n/messages/es.json';
import type { Summary } from '@/lib/validation/reports';
import {
  calendarWeeks,
  changeDirection,
  changeTone,
  occupancyGrid,
  occupancyLevel,
  occupancyRows,
  periodKindOf,
  pointsChange,
  pointsDirection,
  relativeChange,
  signedPercent,
} from './summary-figures';
import { SummaryView } from './summary-view';

/**
 * "Resumen" as rendered: the Spanish labels of every figure, euros and percentages in es-ES, the change
 * against the previous period ("—" without one) coloured and worded as good or bad for the owner, occupancy
 * bars per stylist named from the employees, the chart of occupancy by day and stylist for Semana and Mes, the
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

/** The week's days, Monday 23 to Sunday 29 November 2026. */
const WEEK_DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
/**
 * Occupancy by day for the week, every day × every stylist of CURRENT in its order: Sara 0, 24, 25, 49, 50,
 * 74 and 75 minutes of 100 (the step boundaries); Marcos works Monday to Saturday (no schedule on Sunday);
 * ida has no schedule at all but 60 booked minutes on Monday.
 */
const SARA_BOOKED = [0, 24, 25, 49, 50, 74, 75];
const BY_DAY: Summary['occupancy_by_day'] = WEEK_DAYS.flatMap((date, i) => [
  { date, employee_id: 'sara@klok.demo', booked_minutes: SARA_BOOKED[i]!, scheduled_minutes: 100 },
  { date, employee_id: 'marcos@klok.demo', booked_minutes: 120, scheduled_minutes: i === 6 ? 0 : 480 },
  { date, employee_id: 'ida@klok.demo', booked_minutes: i === 0 ? 60 : 0, scheduled_minutes: 0 },
]);
const WITH_DAYS: Summary = { ...CURRENT, occupancy_by_day: BY_DAY };

/** The markup of the chart of occupancy by day: its `<table>`, or null when absent. */
const heatTable = (markup: string) => /<table class="summary-heat-table">.*?<\/table>/.exec(markup)?.[0] ?? null;
/** The figure card labelled `label`: its `<li>`. */
const figure = (markup: string, label: string) => {
  const li = new RegExp(`<li class="card summary-figure"><span class="summary-figure-label">${label}</span>.*?</li>`).exec(markup)?.[0];
  expect(li).toBeDefined();
  return li!;
};
/** How many times `pattern` occurs in `text`. */
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

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

describe('SummaryView: occupancy by day and stylist', () => {
  it('draws a week as a table named Ocupación por día: a row per stylist, a column per day headed L … D with its number', () => {
    const table = heatTable(html({ current: WITH_DAYS }));
    expect(table).not.toBeNull();
    expect(table).toContain(`<caption>${m.heat.title}</caption>`);
    const head = /<thead>.*<\/thead>/.exec(table!)![0];
    expect(count(head, /<th scope="col"/)).toBe(7);
    expect(head).toContain('<span class="summary-heat-weekday" aria-hidden="true">L</span><span class="summary-heat-daynum" aria-hidden="true">23</span>');
    expect(head).toContain('<span class="summary-heat-weekday" aria-hidden="true">D</span><span class="summary-heat-daynum" aria-hidden="true">29</span>');
    expect(head).toContain('<span class="sr-only">miércoles, 25 de noviembre</span>');
    const body = /<tbody>.*<\/tbody>/.exec(table!)![0];
    expect(count(body, /<tr /)).toBe(3);
    expect([...body.matchAll(/<th scope="row"[^>]*>([^<]*)<\/th>/g)].map((r) => r[1])).toEqual(['Sara', 'Marcos', 'ida']);
    expect(count(body, /<td headers="/)).toBe(21);
    // Each cell is headed by its stylist and its day.
    expect(body).toContain('<td headers="summary-heat-0-0 summary-heat-day-2026-11-23"');
  });

  it('colours each day by its step, says the percentage to screen readers and Sin horario without schedule', () => {
    const table = heatTable(html({ current: WITH_DAYS }))!;
    const cell = (row: number, date: string) => new RegExp(`<td headers="summary-heat-0-${row} summary-heat-day-${date}"[^>]*>.*?</td>`).exec(table)![0];
    expect(cell(0, '2026-11-23')).toContain('class="summary-heat-cell is-level-0"');
    expect(cell(0, '2026-11-23')).toContain(`<span class="sr-only">${nb('0 %')}</span>`);
    expect(cell(0, '2026-11-24')).toContain('is-level-1');
    expect(cell(0, '2026-11-25')).toContain('is-level-2');
    expect(cell(0, '2026-11-26')).toContain('is-level-2');
    expect(cell(0, '2026-11-27')).toContain('is-level-3');
    expect(cell(0, '2026-11-28')).toContain('is-level-3');
    expect(cell(0, '2026-11-29')).toContain('is-level-4');
    expect(cell(0, '2026-11-29')).toContain(`<span class="sr-only">${nb('75 %')}</span>`);
    expect(cell(0, '2026-11-29')).toContain(`title="Sara, domingo, 29 de noviembre: ${nb('75 %')} (1h 15m de 1h 40m)"`);
    // Marcos has no schedule on Sunday; ida none all week, even with booked time.
    const sunday = cell(1, '2026-11-29');
    expect(sunday).toContain('class="summary-heat-cell is-none"');
    expect(sunday).toContain('<span class="sr-only">Sin horario</span>');
    expect(sunday).toContain('title="Marcos, domingo, 29 de noviembre: Sin horario"');
    expect(sunday).not.toContain('%');
    expect(cell(2, '2026-11-23')).toContain('<span class="sr-only">Sin horario</span>');
    expect(cell(1, '2026-11-28')).toContain(`<span class="sr-only">${nb('25 %')}</span>`);
  });

  it('explains the steps in a legend', () => {
    const markup = html({ current: WITH_DAYS });
    const legend = /<ul class="summary-heat-legend" aria-label="Leyenda">.*?<\/ul>/.exec(markup)?.[0];
    expect(legend).toBeDefined();
    for (const label of Object.values(m.heat.level)) expect(legend).toContain(label);
    expect(count(legend!, /<li>/)).toBe(6);
  });

  it('wraps a month by Monday–Sunday weeks, each with its day numbers as headers', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    const month: Summary = {
      ...CURRENT,
      from: '2026-11-01',
      to: '2026-11-30',
      occupancy_by_day: days.flatMap((date) => CURRENT.occupancy.map((o) => ({ date, employee_id: o.employee_id, booked_minutes: 60, scheduled_minutes: 480 }))),
    };
    const table = heatTable(html({ kind: 'month', period: { from: '2026-11-01', to: '2026-11-30' }, current: month }))!;
    // 1 November 2026 is a Sunday and the 30th a Monday: six weeks.
    expect(count(table, /<tbody>/)).toBe(6);
    const head = /<thead>.*<\/thead>/.exec(table)![0];
    expect([...head.matchAll(/<span class="summary-heat-weekday" aria-hidden="true">(\w)<\/span>/g)].map((h) => h[1]).join('')).toBe('LMXJVSD');
    expect(count(table, /<th scope="col" id="summary-heat-day-/)).toBe(30);
    expect(count(table, /<td headers="/)).toBe(90);
    expect(count(table, /<th scope="row"/)).toBe(18);
    expect(table).toContain('<td headers="summary-heat-5-2 summary-heat-day-2026-11-30"');
  });

  it('draws no chart for Hoy, nor while the days are not given', () => {
    const day = html({ kind: 'day', period: { from: '2026-11-23', to: '2026-11-23' }, current: { ...WITH_DAYS, from: '2026-11-23', to: '2026-11-23', occupancy_by_day: BY_DAY.slice(0, 3) } });
    expect(day).toContain(m.occupancy);
    expect(heatTable(day)).toBeNull();
    expect(day).not.toContain(m.heat.title);
    expect(heatTable(html({ current: CURRENT }))).toBeNull();
    expect(heatTable(html({ current: WITH_DAYS }))).not.toBeNull();
  });
});

describe('SummaryView: good and bad changes', () => {
  const markup = html({ previous: { ...PREVIOUS, no_shows: 1 } });

  it('marks a rise in revenue good: green, ▲ and "mejor"', () => {
    const revenue = figure(markup, m.figure.revenue);
    expect(revenue).toContain('class="summary-figure-change summary-change is-good"');
    expect(revenue).toContain('<span class="summary-change-arrow" aria-hidden="true">▲</span>');
    expect(revenue).toContain(nb('+12 % vs semana anterior'));
    // The word keeps to the line's last word (no-break spaces).
    expect(revenue).toContain(`anterior<span class="summary-change-word">\u00a0·\u00a0${m.tone.good}</span>`);
    expect(revenue).not.toContain(m.tone.bad);
  });

  it('marks a rise in no-shows bad and a fall in late cancellations good', () => {
    const noShows = figure(markup, m.figure.noShows);
    expect(noShows).toContain('summary-change is-bad');
    expect(noShows).toContain('▲');
    expect(noShows).toContain(nb('+100 %'));
    expect(noShows).toContain(m.tone.bad);
    const late = figure(markup, m.figure.lateCancellations);
    expect(late).toContain('summary-change is-good');
    expect(late).toContain('▼');
    expect(late).toContain(nb('-50 %'));
  });

  it('leaves no change and no comparison neutral, without arrow or word', () => {
    for (const label of [m.figure.cancelled, m.figure.newClients, m.figure.refills]) {
      const li = figure(markup, label);
      expect(li).toContain('summary-change is-neutral');
      expect(li).not.toMatch(/[▲▼]|mejor|peor/);
    }
    expect(figure(markup, m.figure.cancelled)).toContain(nb('0 % vs semana anterior'));
    expect(figure(markup, m.figure.refills)).toContain('— vs semana anterior');
  });

  it('colours shares in points and each stylist\'s occupancy change the same way', () => {
    expect(figure(markup, m.figure.rebooked)).toContain('summary-change is-good');
    const sara = /<li class="summary-bar-row" data-employee-id="sara@klok.demo">.*?<\/li>/.exec(markup)![0];
    expect(sara).toContain('<span class="summary-bar-change summary-change is-bad"><span class="summary-change-arrow" aria-hidden="true">▼</span>-4 pts vs semana anterior');
    expect(sara).toContain(m.tone.bad);
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

  it('steps occupancy by the whole percentage shown, with none for a day without schedule', () => {
    expect(occupancyLevel(0, 100)).toBe(0);
    // Any booked time is at least the first step, even when it rounds to 0 %.
    expect(occupancyLevel(1, 480)).toBe(1);
    expect(occupancyLevel(24, 100)).toBe(1);
    expect(occupancyLevel(244, 1000)).toBe(1);
    expect(occupancyLevel(245, 1000)).toBe(2);
    expect(occupancyLevel(25, 100)).toBe(2);
    expect(occupancyLevel(49, 100)).toBe(2);
    expect(occupancyLevel(50, 100)).toBe(3);
    expect(occupancyLevel(74, 100)).toBe(3);
    expect(occupancyLevel(75, 100)).toBe(4);
    expect(occupancyLevel(150, 100)).toBe(4);
    expect(occupancyLevel(0, 0)).toBe('none');
    expect(occupancyLevel(60, 0)).toBe('none');
  });

  it('lays out the grid: the period\'s days, the stylists of occupancy named as the bars, a missing day without schedule', () => {
    const grid = occupancyGrid({ ...WITH_DAYS, occupancy_by_day: BY_DAY.filter((d) => !(d.date === '2026-11-24' && d.employee_id === 'sara@klok.demo')) }, NAMES)!;
    expect(grid.days).toEqual(WEEK_DAYS);
    expect(grid.rows.map((r) => r.name)).toEqual(['Sara', 'Marcos', 'ida']);
    for (const row of grid.rows) expect(row.cells.map((c) => c.date)).toEqual(WEEK_DAYS);
    expect(grid.rows[0]!.cells[1]).toEqual({ date: '2026-11-24', bookedMinutes: 0, scheduledMinutes: 0, share: null, level: 'none' });
    expect(grid.rows[0]!.cells[6]).toEqual({ date: '2026-11-29', bookedMinutes: 75, scheduledMinutes: 100, share: 0.75, level: 4 });
    expect(occupancyGrid(CURRENT, NAMES)).toBeNull();
    expect(occupancyGrid({ ...WITH_DAYS, occupancy: [] }, NAMES)).toBeNull();
  });

  it('lays out days in Monday–Sunday weeks', () => {
    expect(calendarWeeks(WEEK_DAYS)).toEqual([[0, 1, 2, 3, 4, 5, 6]]);
    const november = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    const weeks = calendarWeeks(november);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, 0]);
    expect(weeks[1]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weeks[5]).toEqual([29, null, null, null, null, null, null]);
    expect(calendarWeeks([])).toEqual([]);
  });

  it('reads a change as good or bad by the way the figure should go; no change is neutral', () => {
    expect(changeDirection(0.12)).toBe(1);
    expect(changeDirection(-0.05)).toBe(-1);
    // As shown: +0.4 % reads 0 %, +0.5 % reads +1 %.
    expect(changeDirection(0.004)).toBe(0);
    expect(signedPercent(0.004)).toBe(nb('0 %'));
    expect(changeDirection(0.005)).toBe(1);
    expect(changeDirection(-0.005)).toBe(-1);
    expect(changeDirection(0)).toBe(0);
    expect(changeDirection(null)).toBe(0);
    expect(pointsDirection(pointsChange(0.45, 0.4))).toBe(1);
    expect(pointsDirection(pointsChange(0.4, 0.45))).toBe(-1);
    expect(pointsDirection(pointsChange(0.451, 0.45))).toBe(0);
    expect(pointsDirection(null)).toBe(0);
    expect(changeTone(1, 'up')).toBe('good');
    expect(changeTone(-1, 'up')).toBe('bad');
    expect(changeTone(1, 'down')).toBe('bad');
    expect(changeTone(-1, 'down')).toBe('good');
    expect(changeTone(0, 'up')).toBe('neutral');
    expect(changeTone(0, 'down')).toBe('neutral');
  });
});
