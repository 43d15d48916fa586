'use client';

import type { ReactNode } from 'react';
import { LoadError, isNotFound } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useService } from '@/lib/api-client/services';
import type { Service } from '@/lib/validation/dto';
import { ServiceNotFound } from './service-not-found';

/**
 * Loads one service and renders a screen with it: a spinner while loading, the not-found screen for an
 * unknown or deleted service, the server's message and Reintentar for other failures. An editor
 * (`editing`) is not revalidated on focus, so the values its form started from stay put.
 */
export function WithService({ id, editing = false, children }: { id: number; editing?: boolean; children: (service: Service) => ReactNode }) {
  const service = useService(id, editing ? { revalidateOnFocus: false } : undefined);
  if (isNotFound(service.error)) return <ServiceNotFound />;
  if (service.error && !service.data) return <LoadError error={service.error} onRetry={() => void service.mutate()} />;
  if (!service.data) return <Spinner />;
  return children(service.data);
}

/**
 * An editor of one service (Editar información, Gestionar asignaciones): the page header with the
 * editor's title, the service's name and the way back to its detail, then the form.
 */
export function ServiceEditor({ id, title, children }: { id: number; title: string; children: (service: Service) => ReactNode }) {
  return (
    <WithService id={id} editing>
      {(service) => (
        <div className="screen">
          <PageHeader fallbackHref={`/services/${id}`} title={title} description={service.name} />
          {children(service)}
        </div>
      )}
    </WithService>
  );
}
