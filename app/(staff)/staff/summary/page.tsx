import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SWRConfig } from 'swr';
import { periodKindOf } from '@/components/summary/summary-figures';
import { SummaryScreen } from '@/components/summary/summary-screen';
import { apiPaths } from '@/lib/api-client/paths';
import { periodOf, previousPeriod } from '@/lib/domain/summary';
import { madridDate } from '@/lib/domain/time';
import { getSession } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { employeesFor } from '@/lib/server/services/employee-directory';
import { summaryOf } from '@/lib/server/services/summary-report';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('summary');
  return { title: t('title') };
}

type Search = { period?: string | string[] };

/**
 * Resumen (`/summary?period=day|week|month`, beyond-the-spec section 6), for employees and admins (the staff
 * layout checks the session); Semana without a valid `period`. The figures of the period holding today (Madrid)
 * and of the previous equal period are read here through the same use case as `GET /facility/1/reports/summary`
 * and handed to SWR as the fallback of their keys, with the stylists' names; admins get "Exportar CSV".
 */
export default async function SummaryPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  const kind = periodKindOf((await searchParams).period);
  const now = serverNow();
  const period = periodOf(kind, madridDate(now));
  const previous = previousPeriod(period);
  const db = await getDb();
  const [current, before, employees] = await Promise.all([
    summaryOf(db, tenant.id, period, now),
    summaryOf(db, tenant.id, previous, now),
    employeesFor(db, tenant.id, user.role),
  ]);
  const names = Object.fromEntries(employees.map((e) => [e.email, e.name]));
  return (
    <SWRConfig value={{ fallback: { [apiPaths.summary(period.from, period.to)]: current, [apiPaths.summary(previous.from, previous.to)]: before } }}>
      <SummaryScreen kind={kind} period={period} previous={previous} names={names} canExport={user.role === 'admin'} />
    </SWRConfig>
  );
}
