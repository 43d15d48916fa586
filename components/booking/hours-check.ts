'use client';

import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import { useSWRConfig } from 'swr';
import { apiFetch, errorMessageOf, isNetworkError } from '@/lib/api-client/fetcher';
import type { HourGroup } from '@/lib/validation/dto';

const hasHours = (groups: HourGroup[] | undefined) => Boolean(groups?.some((g) => g.hours.length > 0));

/**
 * The check made when leaving the date step of the appointment flows (spec section 4): loads the free hours
 * at `path` (`apiPaths.availableHours` or `apiPaths.visitHours`; a move's path frees the moved appointment's
 * own busy time) and primes the hour step's cache with them; returns No hay horas disponibles para la fecha
 * seleccionada (or the server's message) when there are none, the connection's message when the network
 * failed (Siguiente then tries again), else null.
 */
export function useHoursCheck() {
  const t = useTranslations('booking');
  const tc = useTranslations('common');
  const { mutate } = useSWRConfig();
  return useCallback(
    async (path: string): Promise<string | null> => {
      try {
        const body = await apiFetch<{ items?: HourGroup[] }>(path);
        await mutate(path, body?.items ?? [], { revalidate: false });
        return hasHours(body?.items) ? null : t('noHours');
      } catch (err) {
        return isNetworkError(err) ? tc('networkError') : errorMessageOf(err, t('noHours'));
      }
    },
    [mutate, t, tc],
  );
}
