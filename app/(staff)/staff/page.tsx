import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AgendaScreen } from '@/components/agenda/agenda-screen';
import { PushRegistration } from '@/components/push/push-registration';
import { isValidDate } from '@/lib/domain/time';
import { getSession } from '@/lib/server/auth/session';
import { pushWebConfig, storedPushToken } from '@/lib/server/push-config';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('agenda');
  return { title: t('title') };
}

type Search = { date?: string | string[]; eventId?: string | string[] };

/**
 * The staff agenda (`/` for employees and admins, spec section 2). `?date=YYYY-MM-DD&eventId=…` opens that
 * date and highlights the event (after a booking or block made in a wizard).
 */
export default async function AgendaPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  const { date, eventId } = await searchParams;
  const focusDate = typeof date === 'string' && isValidDate(date) ? date : null;
  const focusEventId = typeof eventId === 'string' && eventId ? eventId : null;
  const push = pushWebConfig();
  return (
    <>
      <AgendaScreen myEmail={user.email} focusDate={focusDate} focusEventId={focusEventId} />
      {push && (
        <PushRegistration config={push} email={user.email} target="employee" stored={await storedPushToken(tenant.id, user.email)} />
      )}
    </>
  );
}
