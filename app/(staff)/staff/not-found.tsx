import { getTranslations } from 'next-intl/server';
import { NotFoundMessage } from '@/components/ui/not-found-message';

/** A staff page that does not exist, inside the staff shell (header and Menú), HTTP 404. */
export default async function StaffNotFound() {
  const t = await getTranslations();
  return <NotFoundMessage title={t('notFound.pageTitle')} backHref="/" backLabel={t('notFound.backToAgenda')} />;
}
