'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { errorMessageOf, isNetworkError } from '@/lib/api-client/fetcher';

/**
 * A failed load: the server's message (the generic one without it, the connection's when the network
 * failed), in Spanish, and Reintentar.
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const tc = useTranslations('common');
  return (
    <div className="load-error">
      <p className="form-error" role="alert">
        {errorMessageOf(error, isNetworkError(error) ? tc('networkError') : tc('genericError'))}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {tc('retry')}
      </Button>
    </div>
  );
}

/** True when a load failed because the resource does not exist (or was deleted). */
export { isNotFoundError as isNotFound } from '@/lib/api-client/fetcher';
