'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useSalonWaitlist } from '@/lib/api-client/staff-waitlist';
import { waitingBetween } from '@/lib/domain/waitlist';

/**
 * "N en espera" in the agenda's toolbar (beyond-the-spec section 4): how many active waitlist entries want a
 * date the agenda shows (`start`–`end`, Madrid dates: the day, or the week), linking to Lista de espera.
 * The salon's list is fetched once for the agenda (one SWR key for every date); nothing shows while none waits
 * or the list could not be read.
 */
export function WaitingLink({ start, end }: { start: string; end: string }) {
  const t = useTranslations('staffWaitlist');
  const { data } = useSalonWaitlist({ revalidateOnFocus: false });
  const count = data ? waitingBetween(data, start, end) : 0;
  if (count === 0) return null;
  return (
    <Link href="/waitlist" className="btn btn-secondary btn-compact agenda-waiting">
      {t('onAgenda', { count })}
    </Link>
  );
}
