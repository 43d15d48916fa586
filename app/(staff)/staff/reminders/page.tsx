import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { TomorrowReminders } from '@/components/reminders/tomorrow-reminders';
import { addDays, madridDate } from '@/lib/domain/time';
import { getSession } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { tomorrowsReminders } from '@/lib/server/services/whatsapp-message';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reminders');
  return { title: t('title') };
}

/**
 * Recordatorios de mañana (`/reminders`, beyond-the-spec section 5), for employees and admins (the staff layout
 * checks the session): tomorrow's pending visits read through the server layer, each with its WhatsApp button.
 */
export default async function RemindersPage() {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  const now = serverNow();
  return <TomorrowReminders date={addDays(madridDate(now), 1)} initial={await tomorrowsReminders(await getDb(), tenant.id, now)} />;
}
