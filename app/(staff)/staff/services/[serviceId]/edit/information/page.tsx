import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EditServiceInfoScreen } from '@/components/services/service-form';
import { parseServiceId } from '@/components/services/service-id';
import { ServiceNotFound } from '@/components/services/service-not-found';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('services');
  return { title: t('editInformation') };
}

/** Editar información of a service (`/services/{serviceId}/edit/information`, spec sections 2 and 5). */
export default async function EditServiceInfoPage({ params }: { params: Promise<{ serviceId: string }> }) {
  const id = parseServiceId((await params).serviceId);
  return id === null ? <ServiceNotFound /> : <EditServiceInfoScreen id={id} />;
}
