'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { LoadError } from '@/components/ui/load-error';
import { NotFoundMessage } from '@/components/ui/not-found-message';
import { Spinner } from '@/components/ui/spinner';
import { isClientNotFound, useClient } from '@/lib/api-client/clients';
import type { UserDetail } from '@/lib/validation/dto';
import { CLIENTS_HREF } from './paths';
import './clients.css';

/** The not-found screen of a client (spec sections 2 and 8): Error. No se ha encontrado al cliente. */
export function ClientNotFound() {
  const t = useTranslations('clients');
  return <NotFoundMessage title={t('notFound')} backHref={CLIENTS_HREF} backLabel={t('backToList')} />;
}

/**
 * Loads one client and renders a screen with it: a spinner while loading, the not-found screen for an
 * unknown (or deleted) e-mail or a staff member's, the server's message and Reintentar for other failures.
 * An editor (`editing`) is not revalidated on focus, so the values its form started from stay put.
 */
export function WithClient({
  email,
  editing = false,
  children,
}: {
  email: string;
  editing?: boolean;
  children: (client: UserDetail) => ReactNode;
}) {
  const { data, error, mutate } = useClient(email, editing ? { revalidateOnFocus: false } : undefined);
  if (error && !data) {
    if (isClientNotFound(error)) return <ClientNotFound />;
    return <LoadError error={error} onRetry={() => void mutate()} />;
  }
  if (!data) return <Spinner />;
  // Staff accounts are users too, but not clients of this screen.
  if (data.role !== 'client') return <ClientNotFound />;
  return <div className="screen">{children(data)}</div>;
}
