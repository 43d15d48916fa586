'use client';

import { useTranslations } from 'next-intl';

/** A loading indicator; screen readers hear `Cargando...` (spec section 2, "Common shell"). */
export function Spinner({ inline = false }: { inline?: boolean }) {
  const t = useTranslations('common');
  return (
    <div role="status" className={inline ? 'spinner-wrap spinner-inline' : 'spinner-wrap'}>
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
