import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ServiceListScreen } from '@/components/services/service-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('services');
  return { title: t('title') };
}

/** Servicios (`/services`, spec section 2), for employees and admins (the staff layout checks the session). */
export default function ServicesPage() {
  return <ServiceListScreen />;
}
