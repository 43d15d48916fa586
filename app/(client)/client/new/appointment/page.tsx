import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { BookingWizard } from '@/components/booking/booking-wizard';
import { bookablePeople, canBook } from '@/lib/domain/allowance';
import { getSession } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { listServices } from '@/lib/server/repositories/services';
import { getUserDto } from '@/lib/server/services/get-user';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('booking');
  return { title: t('title') };
}

/**
 * Nueva cita for a client (`/new/appointment`): only with a finished onboarding and booking allowed. The
 * first step's services are read here through the server layer (no client-side fetch before it shows).
 */
export default async function NewAppointmentPage() {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  const account = await getUserDto(tenant.id, user.email, serverNow());
  if (!account?.onboarding_completed) redirect('/onboarding');
  if (!canBook(account.pending_appointments.length, account.n_appointments_allowed)) redirect('/');

  const self = { id: account.id, name: account.name };
  const people = bookablePeople(
    self,
    account.users,
    account.pending_appointments.map((a) => a.user_id),
  );
  const services = await listServices(await getDb(), tenant.id, { associated: true });
  return (
    <BookingWizard email={user.email} self={self} askPerson={account.users.length > 0} people={people} initialServices={services} />
  );
}
