'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { EmployeeAvatar } from '@/components/ui/employee-avatar';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs } from '@/components/ui/tabs';
import { useSession } from '@/lib/api-client/hooks';
import { employeeColor } from '@/lib/domain/agenda';
import { madridDate } from '@/lib/domain/time';
import type { Employee } from '@/lib/validation/dto';
import { RemoveEmployeeDialog } from './remove-employee-dialog';
import { useColorName } from './use-color-name';
import { EMPLOYEES_HREF, employeeHref } from './paths';
import { upcomingSpecials } from './schedule-draft';
import { SpecialList, WeekHours } from './schedule-view';
import { WithEmployee } from './with-employee';

const TAB_KEYS = ['schedule', 'services', 'information'] as const;
type TabKey = (typeof TAB_KEYS)[number];

const isTab = (v: string | null): v is TabKey => TAB_KEYS.includes(v as TabKey);

/**
 * A stylist (`/employees/{email}`, spec section 2): page header with the back arrow (to the agenda or
 * the list the user came from), avatar, name and description, and the tabs Horario, Servicios and
 * Información, each with the button to its editor. The tab lives in `?tab=` so coming back from an
 * editor shows the same tab. Admins also get Eliminar empleado under the tabs, except on their own profile
 * (decisions "Admin-only actions"; hidden for employees and while the session loads).
 */
export function EmployeeDetail({ email }: { email: string }) {
  return <WithEmployee email={email}>{(employee) => <Detail employee={employee} />}</WithEmployee>;
}

function Detail({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  const params = useSearchParams();
  const fromUrl = params.get('tab');
  const [tab, setTab] = useState<TabKey>(isTab(fromUrl) ? fromUrl : 'schedule');

  const select = (key: TabKey) => {
    setTab(key);
    // Kept in the address without a navigation. A null state lets Next record the new URL in its own
    // history entry, so returning from an editor (router.back) restores this tab.
    const url = new URL(window.location.href);
    if (key === 'schedule') url.searchParams.delete('tab');
    else url.searchParams.set('tab', key);
    window.history.replaceState(null, '', url);
  };

  return (
    <>
      <PageHeader
        fallbackHref={EMPLOYEES_HREF}
        avatar={<EmployeeAvatar avatar={employee.avatar} color={employeeColor(employee.color)} size={52} />}
        title={employee.name}
        description={employee.description}
      />
      <Tabs
        label={t('tabsLabel')}
        selected={tab}
        onSelect={select}
        tabs={[
          { key: 'schedule', label: t('tabs.schedule'), panel: <ScheduleTab employee={employee} /> },
          { key: 'services', label: t('tabs.services'), panel: <ServicesTab employee={employee} /> },
          { key: 'information', label: t('tabs.information'), panel: <InformationTab employee={employee} /> },
        ]}
      />
      <RemoveSection employee={employee} />
    </>
  );
}

/** Eliminar empleado and its dialog: admins only, never on their own profile. */
function RemoveSection({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  const { data: session } = useSession();
  const [open, setOpen] = useState(false);
  const allowed = session?.role === 'admin' && session.email.toLowerCase() !== employee.email.toLowerCase();
  if (!allowed) return null;
  return (
    <section className="employee-remove">
      <Button variant="danger" block onClick={() => setOpen(true)}>
        {t('remove')}
      </Button>
      <RemoveEmployeeDialog employee={employee} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}

function ScheduleTab({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  const [today] = useState(() => madridDate(Date.now()));
  return (
    <>
      <section className="panel-section" aria-labelledby="employee-week">
        <h2 id="employee-week">{t('weekSchedule')}</h2>
        <WeekHours days={employee.week_shifts} />
        <Link href={employeeHref(employee.email, 'week-schedule')} className="btn btn-secondary btn-block">
          {t('editWeek')}
        </Link>
      </section>
      <section className="panel-section" aria-labelledby="employee-special">
        <h2 id="employee-special">{t('specialSchedules')}</h2>
        <SpecialList items={upcomingSpecials(employee.special_shifts, today)} />
        <Link href={employeeHref(employee.email, 'day-schedule')} className="btn btn-secondary btn-block">
          {t('editSpecial')}
        </Link>
      </section>
    </>
  );
}

function ServicesTab({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  return (
    <section className="panel-section" aria-labelledby="employee-services">
      <h2 id="employee-services">{t('servicesTitle')}</h2>
      {employee.services.length === 0 ? (
        <p className="empty">{t('noServices')}</p>
      ) : (
        <ul className="chips" aria-labelledby="employee-services">
          {employee.services.map((s) => (
            <li key={s.id} className="chip">
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <Link href={employeeHref(employee.email, 'services')} className="btn btn-secondary btn-block">
        {t('editServices')}
      </Link>
    </section>
  );
}

function InformationTab({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  const tc = useTranslations('common');
  const colorName = useColorName();
  const color = employeeColor(employee.color);
  return (
    <section className="panel-section" aria-labelledby="employee-info">
      <h2 id="employee-info" className="sr-only">
        {t('tabs.information')}
      </h2>
      <dl className="card details info-list">
        <div>
          <dt>{t('name')}</dt>
          <dd>{employee.name}</dd>
        </div>
        <div>
          <dt>{t('description')}</dt>
          <dd>{employee.description || tc('notAvailable')}</dd>
        </div>
        <div>
          <dt>{t('color')}</dt>
          <dd className="color-value">
            <span className="color-dot" style={{ background: color }} aria-hidden="true" />
            {colorName(color)}
          </dd>
        </div>
        <div>
          <dt>{t('email')}</dt>
          <dd>{employee.email}</dd>
        </div>
        <div>
          <dt>{t('phone')}</dt>
          <dd>{employee.tlf || tc('notAvailable')}</dd>
        </div>
      </dl>
      <Link href={employeeHref(employee.email, 'information')} className="btn btn-secondary btn-block">
        {t('editInformation')}
      </Link>
    </section>
  );
}
