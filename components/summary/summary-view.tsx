import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DownloadIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { dayRange, durationLabel, euros, longDay, monthYear } from '@/lib/format';
import type { Period, PeriodKind } from '@/lib/domain/summary';
import type { Summary } from '@/lib/validation/reports';
import { occupancyRows, PERIOD_KINDS, percent, pointsChange, relativeChange, signedPercent, type OccupancyRow } from './summary-figures';

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

/** One figure: its label, value and the line comparing it with the previous period. */
function Figure({ label, value, change }: { label: string; value: string; change: string }) {
  return (
    <li className="card summary-figure">
      <span className="summary-figure-label">{label}</span>
      <span className="summary-figure-value">{value}</span>
      <span className="summary-figure-change muted">{change}</span>
    </li>
  );
}

/**
 * "Resumen" (`/summary`, beyond-the-spec section 6) as shown: the segmented control Hoy / Semana / Mes (links
 * to `?period=…`), the period's dates, each figure with its change against the previous equal period
 * ("+12 % vs semana anterior", "—" without a value to compare with; shares in points), occupancy per stylist as
 * horizontal bars each labelled with its percentage, the line saying the figures are an estimate, and
 * "Exportar CSV" when `csvUrl` is given (admins).
 */
export function SummaryView({ kind, period, current, previous, names, csvUrl }: Props) {
  const t = useTranslations('summary');
  const versus = (change: string | null) => t(`versus.${kind}`, { change: change ?? t('noChange') });
  const relative = (pick: (s: Summary) => number) => versus(signedPercent(relativeChange(pick(current), previous ? pick(previous) : null)));
  const points = (now: number | null, before: number | null | undefined) => {
    const p = pointsChange(now, before);
    return versus(p ? t('points', p) : null);
  };
  const range =
    kind === 'day'
      ? t('range.day', { date: longDay(period.from) })
      : kind === 'week'
        ? t('range.week', { range: dayRange(period.from, period.to) })
        : t('range.month', { month: monthYear(period.from) });
  const rows = occupancyRows(current, previous, names);

  return (
    <div className="screen summary-screen">
      <PageHeader title={t('title')} />
      <nav className="summary-periods" aria-label={t('periodLabel')}>
        {PERIOD_KINDS.map((k) => (
          <Link key={k} href={`/summary?period=${k}`} scroll={false} aria-current={k === kind ? 'page' : undefined} className={k === kind ? 'is-current' : undefined}>
            {t(`period.${k}`)}
          </Link>
        ))}
      </nav>
      <p className="summary-range">{range}</p>

      <ul className="summary-figures" aria-label={t('figuresLabel')}>
        <Figure label={t('figure.revenue')} value={euros(current.revenue_estimated)} change={relative((s) => s.revenue_estimated)} />
        <Figure label={t('figure.attended')} value={String(current.attended)} change={relative((s) => s.attended)} />
        <Figure label={t('figure.noShows')} value={String(current.no_shows)} change={relative((s) => s.no_shows)} />
        <Figure label={t('figure.cancelled')} value={String(current.cancelled)} change={relative((s) => s.cancelled)} />
        <Figure label={t('figure.lateCancellations')} value={String(current.late_cancellations)} change={relative((s) => s.late_cancellations)} />
        <Figure label={t('figure.noShowLoss')} value={euros(current.no_show_loss)} change={relative((s) => s.no_show_loss)} />
        <Figure label={t('figure.newClients')} value={String(current.new_clients)} change={relative((s) => s.new_clients)} />
        <Figure label={t('figure.returningClients')} value={String(current.returning_clients)} change={relative((s) => s.returning_clients)} />
        <Figure
          label={t('figure.rebooked')}
          value={current.rebooked_share === null ? t('noChange') : percent(current.rebooked_share)}
          change={points(current.rebooked_share, previous?.rebooked_share)}
        />
        <Figure label={t('figure.refills')} value={String(current.waitlist_refills)} change={relative((s) => s.waitlist_refills)} />
      </ul>

      <section className="card summary-occupancy" aria-labelledby="summary-occupancy-title">
        <h2 id="summary-occupancy-title">{t('occupancy')}</h2>
        <p className="muted">{t('occupancyHint')}</p>
        {rows.length === 0 ? <p className="empty">{t('noStylists')}</p> : <OccupancyBars rows={rows} versus={points} />}
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
 * states the percentage in text, the booked and scheduled time and the change; the bar itself is decorative
 * and fills at most its track (a stylist above 100 % shows a full bar and the true percentage).
 */
function OccupancyBars({ rows, versus }: { rows: OccupancyRow[]; versus: (now: number | null, before: number | null) => string }) {
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
            {versus(r.share, r.previousShare)}
          </span>
        </li>
      ))}
    </ul>
  );
}
