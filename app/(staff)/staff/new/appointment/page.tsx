import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { StaffAppointmentWizard } from '@/components/booking/staff-appointment-wizard';
import { agendaReturnHref, parsePreset } from '@/components/booking/wizard-preset';
import { getSession, isStaff } from '@/lib/server/auth/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staffWizard');
  return { title: t('titleAppointment') };
}

type Search = Record<string, string | string[] | undefined>;

/**
 * Nueva cita for staff (`/new/appointment`, employee flow). From a slot selected in the agenda the
 * query `?employee=&date=&start=&end=` prefills the stylist, date and hour;
 * `?from=YYYY-MM-DD` (the agenda's day when its add button was tapped) is where the close button returns.
 */
export default async function StaffNewAppointmentPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { user } = await getSession();
  if (!user) redirect('/login');
  if (!isStaff(user.role)) redirect('/');
  const query = await searchParams;
  const preset = parsePreset(query);
  return <StaffAppointmentWizard preset={preset} closeHref={agendaReturnHref(query, preset)} />;
}
