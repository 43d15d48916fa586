import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ServiceDetailScreen } from '@/components/services/service-detail';
import { parseServiceId } from '@/components/services/service-id';
import { ServiceNotFound } from '@/components/services/service-not-found';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('services');
  return { title: t('title') };
}

/** A service (`/services/{serviceId}`, spec section 2); an id that cannot exist shows the not-found message. */
export default async function ServicePage({ params }: { params: Promise<{ serviceId: string }> }) {
  const id = parseServiceId((await params).serviceId);
  return id === null ? <ServiceNotFound /> : <ServiceDetailScreen id={id} />;
}
