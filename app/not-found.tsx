import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ErrorIcon } from '@/components/ui/error-icon';

/** The page shown for unknown routes. */
export default async function NotFound() {
  const t = await getTranslations();
  return (
    <main className="page-center">
      <div className="message-page">
        <ErrorIcon />
        <h1>{t('notFound.pageTitle')}</h1>
        <Link href="/" className="btn btn-secondary">
          {t('common.back')}
        </Link>
      </div>
    </main>
  );
}
