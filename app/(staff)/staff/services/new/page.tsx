import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewServiceScreen } from '@/components/services/service-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('services');
  return { title: t('newService') };
}

/** Nuevo Servicio (`/services/new`, spec sections 2 and 5). */
export default function NewServicePage() {
  return <NewServiceScreen />;
}
