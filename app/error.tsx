'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { ErrorIcon } from '@/components/ui/error-icon';

/** The route error boundary: the spec's default router error page, `Unexpected Application Error!`. */
export default function RouteError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('common');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="page-center">
      <div className="message-page" role="alert">
        <ErrorIcon />
        <h1>{t('unexpectedError')}</h1>
        {/* A full navigation: the failed tree may hold broken client state. */}
        <a href="/" className="btn btn-secondary">
          {t('back')}
        </a>
      </div>
    </main>
  );
}
