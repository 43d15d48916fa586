'use client';

import { useTranslations } from 'next-intl';
import { CheckList } from '@/components/ui/check-list';
import { EditForm } from '@/components/ui/edit-form';
import { keepDraftSet } from '@/components/ui/keep-draft';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useSaveAndBack } from '@/components/ui/use-save-and-back';
import { useVersionedDraft } from '@/components/ui/use-versioned-draft';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { setEmployeeServices } from '@/lib/api-client/employees';
import { useServices } from '@/lib/api-client/hooks';
import { euros } from '@/lib/format';
import type { Employee } from '@/lib/validation/dto';
import { ZEmployeeServices } from '@/lib/validation/employees';
import { employeeHref } from './paths';
import { WithEmployee } from './with-employee';

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * Gestionar servicios of a stylist (`/employees/{email}/edit/services`, spec sections 2 and 7): a
 * checkbox per service of the facility; Guardar (enabled when the choice changed) sends the ids
 * (toast Servicios actualizados / Error al actualizar el servicio) and goes back. The save carries the
 * version of the stylist's services as loaded: a stale one shows Los datos han cambiado… and the current
 * services with this person's ticks and unticks kept (`keepDraftSet`).
 */
export function EditServices({ email }: { email: string }) {
  return <WithEmployee email={email}>{(employee) => <ServicesForm employee={employee} />}</WithEmployee>;
}

function ServicesForm({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  const tc = useTranslations('common');
  const { saving, save } = useSaveAndBack(`${employeeHref(employee.email)}?tab=services`);
  const services = useServices({ associated: false });
  const {
    loaded,
    version,
    draft,
    setDraft,
    handleStale,
  } = useVersionedDraft(employee, (e) => e.services.map((s) => s.id), keepDraftSet<number>, { versionOf: (e) => e.services_version });
  const initial: ReadonlySet<number> = new Set(loaded);
  const chosen: ReadonlySet<number> = new Set(draft);

  const body = { items: [...chosen].sort((a, b) => a - b) };
  const valid = ZEmployeeServices.safeParse(body).success;
  const canSave = !sameSet(chosen, initial) && valid && !saving;

  const toggle = (id: number, on: boolean) => setDraft((prev) => (on ? [...prev.filter((x) => x !== id), id] : prev.filter((x) => x !== id)));

  const submit = async () => {
    if (!canSave) return;
    await save(() => setEmployeeServices(employee.email, body.items, version), { success: t('servicesUpdated'), error: t('servicesError') }, handleStale);
  };

  return (
    <>
      <PageHeader fallbackHref={`${employeeHref(employee.email)}?tab=services`} title={t('editServices')} description={employee.name} />
      <EditForm onSave={() => void submit()} saveLabel={t('save')} disabled={!canSave} busy={saving}>
        {services.error && !services.data ? (
          <p className="form-error" role="alert">
            {errorMessageOf(services.error, tc('genericError'))}
          </p>
        ) : !services.data ? (
          <Spinner />
        ) : services.data.length === 0 ? (
          <p className="empty">{t('noFacilityServices')}</p>
        ) : (
          <fieldset className="fieldset">
            <legend>{t('servicesLegend', { name: employee.name })}</legend>
            <CheckList
              items={services.data.map((s) => ({
                key: s.id,
                name: s.name,
                details: `${euros(s.price)} · ${t('minutes', { minutes: s.duration })}`,
              }))}
              checked={(id) => chosen.has(id)}
              onToggle={toggle}
            />
          </fieldset>
        )}
      </EditForm>
    </>
  );
}
