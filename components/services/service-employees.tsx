'use client';

import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { setServiceEmployees, useService } from '@/lib/api-client/services';
import { useStaffEmployees } from '@/lib/api-client/staff';
import type { Service } from '@/lib/validation/dto';
import { ZServiceEmployees, missingServiceFields } from '@/lib/validation/services';
import { LoadError, isNotFound } from './load-error';
import { PageHeader } from './page-header';
import { employeesChanged } from './service-draft';
import { TeamChecklist } from './stylist-checklist';
import { ServiceNotFound } from './service-not-found';
import { SERVICES_TOAST_MS } from './toast';
import './services.css';

/**
 * Gestionar asignaciones (`/services/{id}/edit/employees`, spec section 2): the stylists offering the
 * service as check boxes, at least one; saved with Asociaciones actualizadas or Error al actualizar las
 * asociaciones (4 s).
 */
export function ServiceEmployeesScreen({ id }: { id: number }) {
  const t = useTranslations('services');
  const service = useService(id, { revalidateOnFocus: false });
  if (isNotFound(service.error)) return <ServiceNotFound />;
  if (service.error && !service.data) return <LoadError error={service.error} onRetry={() => void service.mutate()} />;
  if (!service.data) return <Spinner />;
  return (
    <div className="svc-screen">
      <PageHeader backHref={`/services/${id}`} title={t('manageEmployees')} description={service.data.name} />
      <EmployeesForm key={service.data.id} service={service.data} />
    </div>
  );
}

function EmployeesForm({ service }: { service: Service }) {
  const t = useTranslations('services');
  const router = useRouter();
  const team = useStaffEmployees({ revalidateOnFocus: false });
  const [initial] = useState(() => service.employees.map((e) => e.email));
  const [selected, setSelected] = useState<string[]>(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const missingId = useId();

  const body = { employees: selected };
  const parsed = ZServiceEmployees.safeParse(body);
  const missing = missingServiceFields(ZServiceEmployees, body);
  const canSave = employeesChanged(selected, initial) && parsed.success;

  const save = async () => {
    if (!canSave || busy) return;
    setBusy(true);
    try {
      await setServiceEmployees(service.id, ZServiceEmployees.parse(body).employees);
      toast.success(t('employeesUpdated'), { duration: SERVICES_TOAST_MS });
      router.replace(`/services/${service.id}`);
    } catch (err) {
      toast.error(t('employeesError'), { description: errorMessageOf(err, '') || undefined, duration: SERVICES_TOAST_MS });
      setBusy(false);
    }
  };

  return (
    <form
      className="svc-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <section className="card svc-form-card">
        <TeamChecklist
          team={team}
          legend={t('employeesCard')}
          selected={selected}
          assigned={service.employees}
          message={touched && !parsed.success ? parsed.error.issues[0]?.message : undefined}
          onChange={(emails) => {
            setSelected(emails);
            setTouched(true);
          }}
        />
      </section>
      <div className="svc-save">
        <p id={missingId} className="form-error svc-missing" aria-live="polite">
          {missing.length > 0 ? t('missingFields', { fields: missing.map((f) => t(`field.${f}`)).join(', ') }) : ''}
        </p>
        <Button type="submit" block busy={busy} disabled={!canSave} aria-describedby={missing.length > 0 ? missingId : undefined}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
