import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ClientListScreen } from '@/components/clients/client-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('clients');
  return { title: t('title') };
}

/** Clientes (`/clients`, spec section 2), for employees and admins (the staff layout checks the session). */
export default function ClientsPage() {
  return <ClientListScreen />;
}
