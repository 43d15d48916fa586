'use client';

import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { appointmentsCsvUrl, useSummary } from '@/lib/api-client/reports';
import type { Period, PeriodKind } from '@/lib/domain/summary';
import { SummaryView } from './summary-view';
import './summary.css';

/**
 * "Resumen" with its data (`/summary`, beyond-the-spec section 6): the figures of `period` and of `previous`
 * through SWR (the server page gives both as the fallback, so the first view needs no request), revalidated
 * after. `canExport`: the viewer is an admin and gets "Exportar CSV".
 */
export function SummaryScreen({
  kind,
  period,
  previous,
  names,
  canExport,
}: {
  kind: PeriodKind;
  period: Period;
  previous: Period;
  names: Readonly<Record<string, string>>;
  canExport: boolean;
}) {
  const current = useSummary(period);
  const before = useSummary(previous);
  if (current.error && !current.data) return <LoadError error={current.error} onRetry={() => void current.mutate()} />;
  if (!current.data) return <Spinner />;
  return (
    <SummaryView
      kind={kind}
      period={period}
      current={current.data}
      previous={before.data}
      names={names}
      csvUrl={canExport ? appointmentsCsvUrl(period) : null}
    />
  );
}
