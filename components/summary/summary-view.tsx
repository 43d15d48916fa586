import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DownloadIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { dayRange, durationLabel, euros, longDay, monthYear } from '@/lib/format';
import type { Period, PeriodKind } from '@/lib/domain/summary';
import type { Summary } from '@/lib/validation/reports';
import {
  BETTER,
  calendarWeeks,
  changeDirection,
  changeTone,
  occupancyGrid,
  occupancyRows,
  OCCUPANCY_LEVELS,
  PERIOD_KINDS,
  percent,
  pointsChange,
  pointsDirection,
  relativeChange,
  signedPercent,
  WEEKDAY_KEYS,
  wholePercent,
  type ChangeTone,
  type Direction,
  type FigureKey,
  type OccupancyCell,
  type OccupancyGrid,
  type OccupancyLevel,
  type OccupancyRow,
} from './summary-figures';

type Props = {
  /** The period shown: Hoy, Semana or Mes. */
  kind: PeriodKind;
  /** Its Madrid dates. */
  period: Period;
  /** The period's figures. */
  current: Summary;
  /** The previous equal period's figures, when read. */
  previous: Summary | undefined;
  /** Stylist e-mail → name. */
  names: Readonly<Record<string, string>>;
  /** The CSV download address for admins; null hides "Exportar CSV". */
  csvUrl: string | null;
};

/** A change against the previous period as shown: its text, which way it moved and whether that is good. */
type Change = { text: string; direction: Direction; tone: ChangeTone };

/**
 * A change line: the text ("+12 % vs semana anterior") in the tone's colour, after a decorative ▲ or ▼ when it
 * moved and followed by "· mejor" or "· peor" when good or bad, so the colour is never the only carrier.
 */
function ChangeText({ change, className }: { change: Change; className: string }) {
  const t = useTranslations('summary');
  return (
    <span className={`${className} summary-change is-${change.tone}`}>
      {change.direction !== 0 && (
        <span className="summary-change-arrow" aria-hidden="true">
          {change.direction > 0 ? '▲' : '▼'}
        </span>
      )}
      {change.text}
      {change.tone !== 'neutral' && <span className="summary-change-word">{`\u00a0·\u00a0${t(`tone.${change.tone}`)}`}</span>}
    </span>
  );
}

/** One figure: its label, value and the line comparing it with the previous period. */
function Figure({ label, value, change }: { label: string; value: string; change: Change }) {
  return (
    <li className="card summary-figure">
      <span className="summary-figure-label">{label}</span>
      <span className="summary-figure-value">{value}</span>
      <ChangeText className="summary-figure-change" change={change} />
    </li>
  );
}

/**
 * "Resumen" (`/summary`, beyond-the-spec section 6) as shown: the segmented control Hoy / Semana / Mes (links
 * to `?period=…`), the period's dates, each figure with its change against the previous equal period
 * ("+12 % vs semana anterior", "—" without a value to compare with; shares in points) coloured and worded as
 * good or bad for the owner, occupancy per stylist as horizontal bars each labelled with its percentage and,
 * for Semana and Mes, as a chart by day and stylist, the line saying the figures are an estimate, and
 * "Exportar CSV" when `csvUrl` is given (admins).
 */
export function SummaryView({ kind, period, current, previous, names, csvUrl }: Props) {
  const t = useTranslations('summary');
  const versus = (change: string | null) => t(`versus.${kind}`, { change: change ?? t('noChange') });
  const relative = (key: FigureKey, pick: (s: Summary) => number): Change => {
    const change = relativeChange(pick(current), previous ? pick(previous) : null);
    const direction = changeDirection(change);
    return { text: versus(signedPercent(change)), direction, tone: changeTone(direction, BETTER[key]) };
  };
  const points = (key: FigureKey, now: number | null, before: number | null | undefined): Change => {
    const p = pointsChange(now, before);
    const direction = pointsDirection(p);
    return { text: versus(p ? t('points', p) : null), direction, tone: changeTone(direction, BETTER[key]) };
  };
  const range =
    kind === 'day'
      ? t('range.day', { date: longDay(period.from) })
      : kind === 'week'
        ? t('range.week', { range: dayRange(period.from, period.to) })
        : t('range.month', { month: monthYear(period.from) });
  const rows = occupancyRows(current, previous, names);
  const grid = kind === 'day' ? null : occupancyGrid(current, names);

  return (
    <div className="screen summary-screen">
      <PageHeader title={t('title')} />
      <nav className="segmented" aria-label={t('periodLabel')}>
        {PERIOD_KINDS.map((k) => (
          <Link key={k} href={`/summary?period=${k}`} scroll={false} aria-current={k === kind ? 'page' : undefined} className={k === kind ? 'is-current' : undefined}>
            {t(`period.${k}`)}
          </Link>
        ))}
      </nav>
      <p className="summary-range">{range}</p>

      <ul className="summary-figures" aria-label={t('figuresLabel')}>
        <Figure label={t('figure.revenue')} value={euros(current.revenue_estimated)} change={relative('revenue', (s) => s.revenue_estimated)} />
        <Figure label={t('figure.attended')} value={String(current.attended)} change={relative('attended', (s) => s.attended)} />
        <Figure label={t('figure.noShows')} value={String(current.no_shows)} change={relative('noShows', (s) => s.no_shows)} />
        <Figure label={t('figure.cancelled')} value={String(current.cancelled)} change={relative('cancelled', (s) => s.cancelled)} />
        <Figure label={t('figure.lateCancellations')} value={String(current.late_cancellations)} change={relative('lateCancellations', (s) => s.late_cancellations)} />
        <Figure label={t('figure.noShowLoss')} value={euros(current.no_show_loss)} change={relative('noShowLoss', (s) => s.no_show_loss)} />
        <Figure label={t('figure.newClients')} value={String(current.new_clients)} change={relative('newClients', (s) => s.new_clients)} />
        <Figure label={t('figure.returningClients')} value={String(current.returning_clients)} change={relative('returningClients', (s) => s.returning_clients)} />
        <Figure
          label={t('figure.rebooked')}
          value={current.rebooked_share === null ? t('noChange') : percent(current.rebooked_share)}
          change={points('rebooked', current.rebooked_share, previous?.rebooked_share)}
        />
        <Figure label={t('figure.refills')} value={String(current.waitlist_refills)} change={relative('refills', (s) => s.waitlist_refills)} />
      </ul>

      <section className="card summary-occupancy" aria-labelledby="summary-occupancy-title">
        <h2 id="summary-occupancy-title">{t('occupancy')}</h2>
        <p className="muted">{t('occupancyHint')}</p>
        {rows.length === 0 ? (
          <p className="empty">{t('noStylists')}</p>
        ) : (
          <OccupancyBars rows={rows} versus={(now, before) => points('occupancy', now, before)} />
        )}
        {grid && <OccupancyByDay grid={grid} />}
      </section>

      <p className="summary-estimate muted">{t('estimate')}</p>
      {csvUrl && (
        <a className="btn btn-secondary summary-export" href={csvUrl} download>
          <DownloadIcon />
          {t('exportCsv')}
        </a>
      )}
    </div>
  );
}

/**
 * Occupancy per stylist as horizontal bars (plain CSS, rendered on the server): each row names the stylist and
 * states the percentage in text, the booked and scheduled time and the change (good when up); the bar itself
 * is decorative and fills at most its track (a stylist above 100 % shows a full bar and the true percentage).
 */
function OccupancyBars({ rows, versus }: { rows: OccupancyRow[]; versus: (now: number | null, before: number | null) => Change }) {
  const t = useTranslations('summary');
  return (
    <ul className="summary-bars">
      {rows.map((r) => (
        <li key={r.employeeId} className="summary-bar-row" data-employee-id={r.employeeId}>
          <span className="summary-bar-name">{r.name}</span>
          <span className="summary-bar-value">{r.share === null ? t('noSchedule') : percent(r.share)}</span>
          <span className="summary-bar-track" aria-hidden="true">
            <span className="summary-bar-fill" style={{ width: `${Math.round(Math.min(1, r.share ?? 0) * 1000) / 10}%` }} />
          </span>
          <span className="summary-bar-detail muted">
            {r.scheduledMinutes > 0 && t('occupancyOf', { booked: durationLabel(r.bookedMinutes), scheduled: durationLabel(r.scheduledMinutes) })}
            {r.scheduledMinutes > 0 && ' · '}
            <ChangeText className="summary-bar-change" change={versus(r.share, r.previousShare)} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Occupancy by day and stylist as a heatmap table (plain HTML and CSS, rendered on the server), for Semana and
 * Mes: a row per stylist, a column per day, Monday first. A week is one block whose column headers name the
 * weekday and the day; a month wraps by weeks (column headers L … D, then per week a row of day numbers and
 * the stylists' rows), so it fits a phone without scrolling sideways. Each cell is coloured by its step
 * (OccupancyLevel), shows the whole percentage (`%` too on wider screens; a dash on hatching without
 * schedule), names the stylist, the day and the minutes in its tooltip, and carries the percentage or
 * "Sin horario" for screen readers with the stylist and the day as its headers. A legend follows.
 */
function OccupancyByDay({ grid }: { grid: OccupancyGrid }) {
  const t = useTranslations('summary');
  const weeks = calendarWeeks(grid.days);
  const single = weeks.length === 1;
  const dayId = (index: number) => `summary-heat-day-${grid.days[index]}`;
  /** A day's column header: its weekday initial (in a single week) and number, the long date for screen readers. */
  const dayHeader = (index: number, column: number) => (
    <th key={column} scope="col" id={dayId(index)}>
      {single && (
        <span className="summary-heat-weekday" aria-hidden="true">
          {t(`weekday.${WEEKDAY_KEYS[column]!}.initial`)}
        </span>
      )}
      <span className="summary-heat-daynum" aria-hidden="true">
        {Number(grid.days[index]!.slice(8))}
      </span>
      <span className="sr-only">{longDay(grid.days[index]!)}</span>
    </th>
  );
  return (
    <div className="summary-heat">
      <table className="summary-heat-table">
        <caption>{t('heat.title')}</caption>
        <colgroup>
          <col className="summary-heat-namecol" />
          <col span={7} />
        </colgroup>
        <thead>
          <tr>
            <td />
            {weeks[0]!.map((index, column) =>
              single && index !== null ? (
                dayHeader(index, column)
              ) : (
                <th key={column} scope="col">
                  <span className="summary-heat-weekday" aria-hidden="true">
                    {t(`weekday.${WEEKDAY_KEYS[column]!}.initial`)}
                  </span>
                  <span className="sr-only">{t(`weekday.${WEEKDAY_KEYS[column]!}.name`)}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        {weeks.map((week, w) => (
          <tbody key={w}>
            {!single && (
              <tr className="summary-heat-days">
                <td />
                {week.map((index, column) => (index === null ? <td key={column} /> : dayHeader(index, column)))}
              </tr>
            )}
            {grid.rows.map((row, r) => {
              const rowId = `summary-heat-${w}-${r}`;
              return (
                <tr key={row.employeeId} data-employee-id={row.employeeId}>
                  <th scope="row" id={rowId} className="summary-heat-name" title={row.name}>
                    {row.name}
                  </th>
                  {week.map((index, column) =>
                    index === null ? (
                      <td key={column} />
                    ) : (
                      <HeatCell key={column} cell={row.cells[index]!} name={row.name} headers={`${rowId} ${dayId(index)}`} />
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
      <ul className="summary-heat-legend" aria-label={t('heat.legend')}>
        {OCCUPANCY_LEVELS.map((level) => (
          <li key={level}>
            <span className={`summary-heat-swatch ${levelClass(level)}`} aria-hidden="true" />
            {t(`heat.level.${level}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The class of a colour step: `is-level-0` … `is-level-4`, `is-none`. */
const levelClass = (level: OccupancyLevel) => (level === 'none' ? 'is-none' : `is-level-${level}`);

/** One day of one stylist: the colour, the whole percentage (a dash without schedule), the text for screen readers. */
function HeatCell({ cell, name, headers }: { cell: OccupancyCell; name: string; headers: string }) {
  const t = useTranslations('summary');
  const value = cell.share === null ? t('heat.level.none') : percent(cell.share);
  const minutes = t('occupancyOf', { booked: durationLabel(cell.bookedMinutes), scheduled: durationLabel(cell.scheduledMinutes) });
  const title = t('heat.cell', { name, date: longDay(cell.date), value: cell.scheduledMinutes > 0 ? `${value} (${minutes})` : value });
  return (
    <td headers={headers} className={`summary-heat-cell ${levelClass(cell.level)}`} title={title}>
      <span aria-hidden="true">
        {cell.share === null ? '–' : wholePercent(cell.share)}
        {cell.share !== null && <span className="summary-heat-unit">{'\u00a0%'}</span>}
      </span>
      <span className="sr-only">{value}</span>
    </td>
  );
}
