'use client';

import { useTranslations } from 'next-intl';
import { useSWRConfig } from 'swr';
import { CLIENT_TOAST_MS, toastSuccess } from '@/components/ui/toast';
import { useAppRouter } from '@/components/ui/use-app-router';
import { apiPaths } from '@/lib/api-client/hooks';

/**
 * After a client's booking: "Cita confirmada", the client's pending appointments and account refreshed,
 * then Mis citas with the new card highlighted (`/?eventId=`). `replace` leaves no way back to the page that
 * booked (a held booking). A failed refresh only delays the highlight: home loads its own data.
 */
export function useShowBooked(email: string, { replace = false } = {}) {
  const t = useTranslations('booking');
  const router = useAppRouter();
  const { mutate } = useSWRConfig();
  return async (eventId: string) => {
    toastSuccess(t('confirmed'), { duration: CLIENT_TOAST_MS });
    await Promise.all([mutate(apiPaths.pending(email)), mutate(apiPaths.user(email))]).catch(() => undefined);
    const home = `/?eventId=${encodeURIComponent(eventId)}`;
    if (replace) router.replace(home);
    else router.push(home);
  };
}
