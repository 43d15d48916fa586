'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { EmployeeAvatar } from '@/components/ui/employee-avatar';
import { ChevronRightIcon, PlusIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { useStaffEmployees } from '@/lib/api-client/employees';
import { useSession } from '@/lib/api-client/hooks';
import { employeeColor } from '@/lib/domain/agenda';
import { shiftOfDate } from '@/lib/domain/schedule';
import { madridDate } from '@/lib/domain/time';
import type { Employee } from '@/lib/validation/dto';
import { AddEmployeeDialog } from './add-employee-dialog';
import { employeeHref } from './paths';
import './employees.css';
import { PageHeader } from '@/components/ui/page-header';
import { BusinessSettings } from '@/components/settings/business-settings';

/** Today's hours of a stylist (`Hoy: 09:30 – 14:00 · 16:00 – 20:00`), or Cerrado; a shift never breaks across lines. */
function TodayHours({ employee, today }: { employee: Employee; today: string }) {
  const t = useTranslations('employees');
  const { shift } = shiftOfDate(employee, today);
  // The sentence around the hours comes from the messages; the hours are laid out here.
  const [before = '', after = ''] = t('todayHours', { hours: '\u0000' }).split('\u0000');
  return (
    <span className="employee-card-hours">
      {before}
      {shift.length === 0
        ? t('closed')
        : shift.map((s, i) => (
            <span key={`${s.open}-${i}`}>
              {i > 0 && ' · '}
              <span className="nowrap">{t('shiftRange', { open: s.open, close: s.close })}</span>
            </span>
          ))}
      {after}
    </span>
  );
}

/**
 * Empleados (`/employees`, spec section 2): every stylist with the colour-bordered avatar, name and
 * today's hours in Madrid (a special schedule of today wins over the weekly one); a card opens the detail.
 * Admins also get Añadir empleado and the Ajustes del negocio card (decisions "Admin-only actions"; hidden
 * for employees and while the session loads).
 */
export function EmployeeList() {
  const t = useTranslations('employees');
  const { data, error } = useStaffEmployees();
  const { data: session } = useSession();
  const [today] = useState(() => madridDate(Date.now()));
  const [adding, setAdding] = useState(false);
  const isAdmin = session?.role === 'admin';

  return (
    <div className="screen">
      <PageHeader
        title={t('title')}
        action={
          isAdmin && (
            <Button onClick={() => setAdding(true)}>
              <PlusIcon />
              {t('add')}
            </Button>
          )
        }
      />
      {isAdmin && <AddEmployeeDialog open={adding} onClose={() => setAdding(false)} />}
      {isAdmin && <BusinessSettings />}
      {error && !data ? (
        <p className="form-error" role="alert">
          {errorMessageOf(error, t('loadError'))}
        </p>
      ) : !data ? (
        <Spinner />
      ) : data.length === 0 ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        <ul className="employee-list">
          {data.map((e) => (
            <li key={e.email}>
              <Link href={employeeHref(e.email)} className="list-card employee-card">
                <EmployeeAvatar avatar={e.avatar} color={employeeColor(e.color)} size={48} />
                <span className="list-card-body">
                  <span className="employee-card-name">{e.name}</span>
                  <TodayHours employee={e} today={today} />
                </span>
                <span className="list-card-chevron" aria-hidden="true">
                  <ChevronRightIcon />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
