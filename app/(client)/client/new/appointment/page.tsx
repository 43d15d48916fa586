import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { BookingWizard } from '@/components/booking/booking-wizard';
import { BookingLimitText } from '@/components/client-home/booking-limit';
import { bookingOptions, pendingVisitPeople } from '@/lib/domain/allowance';
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
 * Nueva cita for a client (`/new/appointment`): only with a finished onboarding. When nobody of the account
 * can book (the allowance reached, or every person with a pending appointment), the page says why, as Mis
 * citas does, instead of a wizard that cannot finish. The first step's services are read here through the
 * server layer (no client-side fetch before it shows).
 */
export default async function NewAppointmentPage() {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  const account = await getUserDto(tenant.id, user.email, serverNow());
  if (!account?.onboarding_completed) redirect('/onboarding');

  const self = { id: account.id, name: account.name };
  const pending = account.pending_appointments;
  const options = bookingOptions(self, account.users, pendingVisitPeople(pending), account.n_appointments_allowed, account.reliability?.tier);
  if (options.blocked) {
    const t = await getTranslations('home');
    return (
      <div className="message-page booking-blocked">
        <h1>{t('blockedTitle')}</h1>
        <BookingLimitText options={options} pending={pendingVisitPeople(pending).length} allowed={account.n_appointments_allowed} />
        <Link href="/" className="btn btn-primary">
          {t('backHome')}
        </Link>
      </div>
    );
  }
  const services = await listServices(await getDb(), tenant.id, { associated: true });
  return (
    <BookingWizard
      email={user.email}
      self={self}
      askPerson={account.users.length > 0}
      people={options.people}
      busy={options.busy}
      initialServices={services}
    />
  );
}
