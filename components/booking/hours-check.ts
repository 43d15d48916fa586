'use client';

import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import { useSWRConfig } from 'swr';
import { apiFetch, errorMessageOf, isNetworkError } from '@/lib/api-client/fetcher';
import { apiPaths } from '@/lib/api-client/hooks';
import type { Employee, HourGroup, Service } from '@/lib/validation/dto';

const hasHours = (groups: HourGroup[] | undefined) => Boolean(groups?.some((g) => g.hours.length > 0));

/**
 * The check made when leaving the date step of the appointment flows (spec section 4): loads the
 * free hours (and primes the hour step's cache with them); returns No hay horas disponibles para la
 * fecha seleccionada (or the server's message) when there are none, the connection's message when the
 * network failed (Siguiente then tries again), else null. `appointmentId` (the appointment Cambiar hora
 * moves) frees that appointment's own busy time, as on the hour step.
 */
export function useHoursCheck() {
  const t = useTranslations('booking');
  const tc = useTranslations('common');
  const { mutate } = useSWRConfig();
  return useCallback(
    async (date: string, employee: Employee, service: Service, appointmentId?: string): Promise<string | null> => {
      const key = apiPaths.availableHours(date, employee.email, service.duration, service.id, appointmentId);
      try {
        const body = await apiFetch<{ items?: HourGroup[] }>(key);
        await mutate(key, body?.items ?? [], { revalidate: false });
        return hasHours(body?.items) ? null : t('noHours');
      } catch (err) {
        return isNetworkError(err) ? tc('networkError') : errorMessageOf(err, t('noHours'));
      }
    },
    [mutate, t, tc],
  );
}
