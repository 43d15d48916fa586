'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { NotFoundMessage } from '@/components/ui/not-found-message';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { isEmployeeNotFound, useEmployee } from '@/lib/api-client/employees';
import type { Employee } from '@/lib/validation/dto';
import { EMPLOYEES_HREF } from './paths';
import './employees.css';

/** The not-found screen of a stylist (spec section 2): Error. No se ha encontrado al empleado. */
export function EmployeeNotFound() {
  const t = useTranslations('employees');
  return <NotFoundMessage title={t('notFound')} backHref={EMPLOYEES_HREF} backLabel={t('backToList')} />;
}

/**
 * Loads one stylist and renders a screen with it: a spinner while loading, the not-found screen for an
 * unknown e-mail, the server's message for other failures.
 */
export function WithEmployee({ email, children }: { email: string; children: (employee: Employee) => ReactNode }) {
  const tc = useTranslations('common');
  const { data, error } = useEmployee(email);
  if (error && !data) {
    if (isEmployeeNotFound(error)) return <EmployeeNotFound />;
    return (
      <p className="form-error" role="alert">
        {errorMessageOf(error, tc('genericError'))}
      </p>
    );
  }
  if (!data) return <Spinner />;
  return <div className="screen">{children(data)}</div>;
}
