'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import { useService } from '@/lib/api-client/services';
import { useStaffEmployees } from '@/lib/api-client/staff';
import { durationLabel, euros } from '@/lib/format';
import { EditIcon } from './icons';
import { LoadError, isNotFound } from './load-error';
import { PageHeader } from './page-header';
import { ServiceNotFound } from './service-not-found';
import { StylistAvatar } from './stylist-avatar';
import { WorkBar } from './work-bar';
import './services.css';

/**
 * A service (`/services/{id}`, spec section 2): back arrow and name, description, price, duration, the
 * bar of work versus rest time, chips of the stylists offering it, and Editar información and
 * Gestionar asignaciones.
 */
export function ServiceDetailScreen({ id }: { id: number }) {
  const t = useTranslations('services');
  const service = useService(id);
  // Only for the stylists' colours and photos; the chips show without them.
  const team = useStaffEmployees({ revalidateOnFocus: false });

  if (isNotFound(service.error)) return <ServiceNotFound />;
  if (service.error && !service.data) return <LoadError error={service.error} onRetry={() => void service.mutate()} />;
  const s = service.data;
  if (!s) return <Spinner />;
  const byEmail = new Map((team.data ?? []).map((e) => [e.email.toLowerCase(), e]));

  return (
    <div className="svc-screen">
      <PageHeader backHref="/services" title={s.name} />
      <section className="card svc-detail" aria-label={t('infoCard')}>
        {s.description && <p className="svc-description">{s.description}</p>}
        <dl className="svc-facts">
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
          <ul className="svc-chips">
            {s.employees.map((e) => {
              const member = byEmail.get(e.email.toLowerCase());
              return (
                <li key={e.email} className="svc-chip">
                  <StylistAvatar name={e.name} color={member?.color} avatar={member?.avatar} size={26} />
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
