import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EditClientUsers } from '@/components/clients/edit-users';
import { clientEmailOf } from '@/components/clients/paths';
import { ClientNotFound } from '@/components/clients/with-client';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('clients');
  return { title: t('editUsers') };
}

type Props = { params: Promise<{ clientId: string }> };

/** Editar usuarios of a client (`/clients/{email}/edit/users`, spec sections 2 and 5). */
export default async function ClientUsersPage({ params }: Props) {
  const email = await clientEmailOf(params);
  return email ? <EditClientUsers email={email} /> : <ClientNotFound />;
}
