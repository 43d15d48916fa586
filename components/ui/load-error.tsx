'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/api-client/fetcher';

/** A failed load: the server's message (or the generic one) and Reintentar. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslations('services');
  const tc = useTranslations('common');
  return (
    <div className="load-error">
      <p className="form-error" role="alert">
        {errorMessageOf(error, tc('genericError'))}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** True when a load failed because the resource does not exist (or was deleted). */
export { isNotFoundError as isNotFound } from '@/lib/api-client/fetcher';
