'use client';

import { useCallback } from 'react';
import { useTranslations } from 'next-intl';

/** The Spanish name of one of the five avatar swatches (`#2FB8AC` → Turquesa), or the hex value of any other colour. */
export function useColorName(): (color: string) => string {
  const t = useTranslations('employees.colors');
  return useCallback(
    (color: string) => {
      const key = color.replace('#', '').toUpperCase();
      return t.has(key) ? t(key) : color.toUpperCase();
    },
    [t],
  );
}
