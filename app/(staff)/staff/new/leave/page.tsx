import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LeaveWizard } from '@/components/booking/leave-wizard';
import { agendaReturnHref, parsePreset } from '@/components/booking/wizard-preset';
import { getSession, isStaff } from '@/lib/server/auth/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staffWizard');
  return { title: t('titleLeave') };
}

type Search = Record<string, string | string[] | undefined>;

/**
 * Bloquear franja (`/new/leave`, leave flow). From a slot selected in the agenda the query
 * `?employee=&date=&start=&end=` prefills the stylist, date and range, and the wizard opens on the summary;
 * `?from=YYYY-MM-DD` (the agenda's day when its add button was tapped) is where the close button returns.
 */
export default async function StaffNewLeavePage({ searchParams }: { searchParams: Promise<Search> }) {
  const { user } = await getSession();
  if (!user) redirect('/login');
  if (!isStaff(user.role)) redirect('/');
  const query = await searchParams;
  const preset = parsePreset(query);
  return <LeaveWizard preset={preset} closeHref={agendaReturnHref(query, preset)} />;
}
