import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MoveAppointmentWizard } from '@/components/booking/move-appointment-wizard';
import { parseMoveQuery } from '@/components/booking/move-query';
import { getSession, isStaff } from '@/lib/server/auth/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staffWizard');
  return { title: t('titleMove') };
}

type Search = Record<string, string | string[] | undefined>;

/**
 * Cambiar hora for staff (`/move/appointment?appointment=&date=`): moves the appointment with that id,
 * listed in the agenda on that Madrid date, to another stylist, date or hour.
 */
export default async function StaffMoveAppointmentPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { user } = await getSession();
  if (!user) redirect('/login');
  if (!isStaff(user.role)) redirect('/');
  return <MoveAppointmentWizard target={parseMoveQuery(await searchParams)} />;
}
