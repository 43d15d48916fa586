import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SWRConfig } from 'swr';
import { WaitlistScreen } from '@/components/staff-waitlist/waitlist-screen';
import { apiPaths } from '@/lib/api-client/paths';
import { madridDate } from '@/lib/domain/time';
import { getSession } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { listSalonWaitlist } from '@/lib/server/services/list-waitlist';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staffWaitlist');
  return { title: t('title') };
}

/**
 * Lista de espera (`/waitlist`, beyond-the-spec section 4), for employees and admins (the staff layout checks
 * the session). The salon's active entries are read here through the same server layer as
 * `GET /facility/1/waitlist` and handed to SWR as the fallback of that key, so the list shows with the page
 * and is revalidated after.
 */
export default async function WaitlistPage() {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  const now = serverNow();
  const entries = await listSalonWaitlist(await getDb(), tenant.id, now);
  return (
    <SWRConfig value={{ fallback: { [apiPaths.salonWaitlist()]: entries } }}>
      <WaitlistScreen today={madridDate(now)} />
    </SWRConfig>
  );
}
