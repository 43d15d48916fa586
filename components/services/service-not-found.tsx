'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ErrorIcon } from '@/components/ui/error-icon';
import './services.css';

/** An unknown or deleted service: Error. No se ha encontrado el servicio, and the way back to the list. */
export function ServiceNotFound() {
  const t = useTranslations('services');
  return (
    <div className="message-page svc-message">
      <ErrorIcon />
      <h1>{t('notFound')}</h1>
      <p className="muted">{t('notFoundText')}</p>
      <Link href="/services" className="btn btn-secondary">
        {t('backToList')}
      </Link>
    </div>
  );
}
