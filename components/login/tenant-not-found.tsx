import { getTranslations } from 'next-intl/server';
import { ErrorIcon } from '@/components/ui/error-icon';

/** Shown instead of the login when the host names no known business. */
export async function TenantNotFound() {
  const t = await getTranslations('notFound');
  return (
    <div className="message-page">
      <ErrorIcon />
      <h1>{t('tenantTitle')}</h1>
      <p className="muted">{t('tenantText')}</p>
    </div>
  );
}
