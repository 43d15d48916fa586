import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ClientHome } from '@/components/client-home/client-home';
import { LazyPushRegistration as PushRegistration } from '@/components/push/lazy-push-registration';
import { bookingSetup } from '@/lib/domain/service';
import { getSession } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { listServices } from '@/lib/server/repositories/services';
import { pushWebConfig, storedPushToken } from '@/lib/server/push-config';
import { getUserDto } from '@/lib/server/services/get-user';
import { listClientWaitlist } from '@/lib/server/services/list-waitlist';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('home');
  return { title: t('title') };
}

/**
 * Mis citas, the client's home (`/` for clients): needs a finished onboarding. Whether the salon takes
 * online bookings yet (a service some stylist offers) decides between Pedir cita and a note. The account's
 * waitlist entries are read here too, so "En lista de espera" shows with the first view.
 */
export default async function ClientHomePage({ searchParams }: { searchParams: Promise<{ eventId?: string | string[] }> }) {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  const [account, services] = await Promise.all([getUserDto(tenant.id, user.email, serverNow()), listServices(await getDb(), tenant.id)]);
  if (!account?.onboarding_completed) redirect('/onboarding');
  const waitlist = await listClientWaitlist(await getDb(), tenant.id, user.email, serverNow());
  const { eventId } = await searchParams;
  const push = pushWebConfig();
  return (
    <>
      <ClientHome
        email={user.email}
        initialUser={account}
        onlineBooking={bookingSetup(services) === 'ready'}
        initialWaitlist={waitlist}
        highlightId={typeof eventId === 'string' && eventId ? eventId : null} />
      {push && (
        <PushRegistration config={push} email={user.email} target="user" stored={await storedPushToken(tenant.id, user.email)} />
      )}
    </>
  );
}
