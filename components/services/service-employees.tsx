'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { EditForm } from '@/components/ui/edit-form';
import { keepDraftSet } from '@/components/ui/keep-draft';
import { useBack } from '@/components/ui/page-header';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { useVersionedDraft } from '@/components/ui/use-versioned-draft';
import { setServiceEmployees } from '@/lib/api-client/services';
import { useStaffEmployees } from '@/lib/api-client/staff';
import type { Service } from '@/lib/validation/dto';
import { ZServiceEmployees, missingServiceFields } from '@/lib/validation/services';
import { useMissingFieldsText } from './missing-fields';
import { employeesChanged } from './service-draft';
import { TeamChecklist } from './stylist-checklist';
import { ServiceEditor } from './with-service';
import './services.css';

/**
 * Gestionar asignaciones (`/services/{id}/edit/employees`, spec section 2): the stylists offering the
 * service as check boxes, at least one; saved with Asociaciones actualizadas or Error al actualizar las
 * asociaciones (4 s), then back to where the user came from (the detail). The save carries the stylists'
 * version as loaded: a stale one shows Los datos han cambiado… and the current stylists with this person's
 * ticks and unticks kept (`keepDraftSet`).
 */
export function ServiceEmployeesScreen({ id }: { id: number }) {
  const t = useTranslations('services');
  return (
    <ServiceEditor id={id} title={t('manageEmployees')}>
      {(service) => <EmployeesForm key={service.id} service={service} />}
    </ServiceEditor>
  );
}

function EmployeesForm({ service }: { service: Service }) {
  const t = useTranslations('services');
  const back = useBack(`/services/${service.id}`);
  const missingText = useMissingFieldsText();
  const team = useStaffEmployees({ revalidateOnFocus: false });
  const {
    loaded: initial,
    version,
    draft: selected,
    setDraft: setSelected,
    handleStale,
  } = useVersionedDraft(service, (s) => s.employees.map((e) => e.email), keepDraftSet<string>, { versionOf: (s) => s.employees_version });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const body = { employees: selected };
  const parsed = ZServiceEmployees.safeParse(body);
  const missing = missingServiceFields(ZServiceEmployees, body);
  const canSave = employeesChanged(selected, initial) && parsed.success;

  const save = async () => {
    if (!canSave || busy) return;
    setBusy(true);
    try {
      await setServiceEmployees(service.id, ZServiceEmployees.parse(body).employees, version);
      toastSuccess(t('employeesUpdated'));
      back();
    } catch (err) {
      if (!handleStale(err)) toastError(t('employeesError'), err);
      setBusy(false);
    }
  };

  return (
    <EditForm onSave={() => void save()} saveLabel={t('save')} busy={busy} disabled={!canSave} message={missingText(missing)}>
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
    </EditForm>
  );
}
