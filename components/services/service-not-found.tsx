'use client';

import { useTranslations } from 'next-intl';
import { NotFoundMessage } from '@/components/ui/not-found-message';

/** An unknown or deleted service: Error. No se ha encontrado el servicio, and the way back to the list. */
export function ServiceNotFound() {
  const t = useTranslations('services');
  return <NotFoundMessage title={t('notFound')} text={t('notFoundText')} backHref="/services" backLabel={t('backToList')} />;
}
