import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SWRConfig } from 'swr';
import { Agenda } from '@/components/agenda/agenda';
import { LazyPushRegistration as PushRegistration } from '@/components/push/lazy-push-registration';
import { apiPaths } from '@/lib/api-client/paths';
import { isValidDate, madridDate } from '@/lib/domain/time';
import { getSession } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { pushWebConfig, storedPushToken } from '@/lib/server/push-config';
import { bookingSetup } from '@/lib/domain/service';
import { listServices } from '@/lib/server/repositories/services';
import { agendaBetween } from '@/lib/server/services/list-agenda';
import { employeesFor } from '@/lib/server/services/employee-directory';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('agenda');
  return { title: t('title') };
}

type Search = { date?: string | string[]; eventId?: string | string[] };

/**
 * The staff agenda (`/` for employees and admins, spec section 2). `?date=YYYY-MM-DD&eventId=…` opens that
 * date and highlights the event (after a booking or block made in a wizard).
 *
 * The stylists and the opened day's agenda (the default day view of that date, or today in Madrid) are read
 * here through the same server layer as their API routes and handed to SWR as the `fallback` of the hooks'
 * keys, so the calendar draws its first view without waiting for two API requests;
 * SWR revalidates them after. A week view stored in the browser asks for its week through the API.
 */
export default async function AgendaPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  const { date, eventId } = await searchParams;
  const focusDate = typeof date === 'string' && isValidDate(date) ? date : null;
  const focusEventId = typeof eventId === 'string' && eventId ? eventId : null;
  const now = serverNow();
  const today = madridDate(now);
  const day = focusDate ?? today;
  const db = await getDb();
  const [employees, days, services] = await Promise.all([
    employeesFor(db, tenant.id, user.role),
    agendaBetween(db, tenant.id, day, day, now),
    listServices(db, tenant.id),
  ]);
  const push = pushWebConfig();
  // The per-request nonce the request edge (middleware.ts) put in the page's Content-Security-Policy.
  const scriptNonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <SWRConfig value={{ fallback: { [apiPaths.staffEmployees()]: employees, [apiPaths.agenda(day, day)]: days } }}>
      <Agenda myEmail={user.email} focusDate={focusDate} focusEventId={focusEventId} today={today} now={now} scriptNonce={scriptNonce} setup={bookingSetup(services)} />
      {push && (
        <PushRegistration config={push} email={user.email} target="employee" stored={await storedPushToken(tenant.id, user.email)} />
      )}
    </SWRConfig>
  );
}
