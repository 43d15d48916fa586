import { getTranslations } from 'next-intl/server';
import { NotFoundMessage } from '@/components/ui/not-found-message';

/** A client page that does not exist, inside the client shell (header and Menú), HTTP 404. */
export default async function ClientAreaNotFound() {
  const t = await getTranslations();
  return <NotFoundMessage title={t('notFound.pageTitle')} backHref="/" backLabel={t('notFound.backToHome')} />;
}
