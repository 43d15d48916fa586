'use client';

import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import type { ServiceFormField } from '@/lib/validation/services';

/** Faltan campos por rellenar: Nombre del servicio, … for the missing fields; '' when none is missing. */
export function useMissingFieldsText(): (missing: readonly ServiceFormField[]) => string {
  const t = useTranslations('services');
  return useCallback(
    (missing) => (missing.length > 0 ? t('missingFields', { fields: missing.map((f) => t(`field.${f}`)).join(', ') }) : ''),
    [t],
  );
}
