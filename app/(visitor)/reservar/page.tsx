import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { BookingWizard } from '@/components/booking/booking-wizard';
import { getSession } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { listServices } from '@/lib/server/repositories/services';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('visitor');
  return { title: t('title') };
}

/**
 * `/reservar` (beyond-the-spec section 1): the salon's booking from its link, no sign-in first. A visitor
 * gets the client wizard without a session (service, stylist, date, hour, summary); "Confirmar cita" holds
 * the hour and asks how to sign in, which returns to `/reservar/confirmar?hold=`. A signed-in client books
 * with its own wizard (`/new/appointment`), staff go to their agenda.
 */
export default async function ReservarPage() {
  const { tenant, user } = await getSession();
  if (!tenant) redirect('/login');
  if (user) redirect(user.role === 'client' ? '/new/appointment' : '/');
  const services = await listServices(await getDb(), tenant.id, { associated: true });
  return <BookingWizard visitor initialServices={services} />;
}
