'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { EmployeeAvatar } from '@/components/ui/employee-avatar';
import { EditIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { useStaffEmployees } from '@/lib/api-client/staff';
import { durationLabel, euros } from '@/lib/format';
import type { Service } from '@/lib/validation/dto';
import { WithService } from './with-service';
import { WorkBar } from './work-bar';
import './services.css';

/**
 * A service (`/services/{id}`, spec section 2): back arrow and name, description, price, duration, the
 * bar of work versus rest time, chips of the stylists offering it, and Editar información and
 * Gestionar asignaciones.
 */
export function ServiceDetailScreen({ id }: { id: number }) {
  return <WithService id={id}>{(service) => <Detail service={service} />}</WithService>;
}

function Detail({ service: s }: { service: Service }) {
  const t = useTranslations('services');
  // Only for the stylists' colours and photos; the chips show without them.
  const team = useStaffEmployees({ revalidateOnFocus: false });
  const byEmail = new Map((team.data ?? []).map((e) => [e.email.toLowerCase(), e]));

  return (
    <div className="screen">
      <PageHeader fallbackHref="/services" title={s.name} />
      <section className="card svc-detail" aria-label={t('infoCard')}>
        {s.description && <p className="svc-description">{s.description}</p>}
        <dl className="details svc-facts">
          <div>
            <dt>{t('price')}</dt>
            <dd>{euros(s.price)}</dd>
          </div>
          <div>
            <dt>{t('duration')}</dt>
            <dd>{durationLabel(s.duration)}</dd>
          </div>
        </dl>
      </section>

      <section className="card svc-detail" aria-labelledby="svc-work-title">
        <h2 id="svc-work-title" className="svc-card-title">
          {t('workTime')}
        </h2>
        <WorkBar duration={s.duration} segments={s.busy_slots} />
      </section>

      <section className="card svc-detail" aria-labelledby="svc-employees-title">
        <h2 id="svc-employees-title" className="svc-card-title">
          {t('employees')}
        </h2>
        {s.employees.length === 0 ? (
          <p className="muted">{t('noEmployees')}</p>
        ) : (
          <ul className="chips">
            {s.employees.map((e) => {
              const member = byEmail.get(e.email.toLowerCase());
              return (
                <li key={e.email} className="chip">
                  <EmployeeAvatar color={member?.color} avatar={member?.avatar} size={20} />
                  <span>{e.name}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <div className="svc-actions">
        <Link href={`/services/${s.id}/edit/information`} className="btn btn-primary">
          <EditIcon />
          {t('editInformation')}
        </Link>
        <Link href={`/services/${s.id}/edit/employees`} className="btn btn-secondary">
          {t('manageEmployees')}
        </Link>
      </div>
    </div>
  );
}
