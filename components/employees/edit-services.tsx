'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { setEmployeeServices } from '@/lib/api-client/employees';
import { useServices } from '@/lib/api-client/hooks';
import { euros } from '@/lib/format';
import type { Employee } from '@/lib/validation/dto';
import { ZEmployeeServices } from '@/lib/validation/employees';
import { PageHeader, useBack } from './page-header';
import { employeeHref } from './paths';
import { MANAGEMENT_TOAST_MS } from './toast';
import { WithEmployee } from './with-employee';

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * Gestionar servicios of a stylist (`/employees/{email}/edit/services`, spec sections 2 and 7): a
 * checkbox per service of the facility; Guardar (enabled when the choice changed) sends the ids
 * (toast Servicios actualizados / Error al actualizar el servicio) and goes back.
 */
export function EditServices({ email }: { email: string }) {
  return <WithEmployee email={email}>{(employee) => <ServicesForm employee={employee} />}</WithEmployee>;
}

function ServicesForm({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  const tc = useTranslations('common');
  const back = useBack(employeeHref(employee.email));
  const services = useServices({ associated: false });
  const [initial] = useState<ReadonlySet<number>>(() => new Set(employee.services.map((s) => s.id)));
  const [chosen, setChosen] = useState<ReadonlySet<number>>(initial);
  const [saving, setSaving] = useState(false);

  const body = { items: [...chosen].sort((a, b) => a - b) };
  const valid = ZEmployeeServices.safeParse(body).success;
  const canSave = !sameSet(chosen, initial) && valid && !saving;

  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    setSaving(true);
    try {
      await setEmployeeServices(employee.email, body.items);
      toast.success(t('servicesUpdated'), { duration: MANAGEMENT_TOAST_MS });
      back();
    } catch (err) {
      setSaving(false);
      toast.error(t('servicesError'), { description: errorMessageOf(err, '') || undefined, duration: MANAGEMENT_TOAST_MS });
    }
  };

  return (
    <>
      <PageHeader backHref={employeeHref(employee.email)} title={t('editServices')} description={employee.name} />
      <form className="editor" onSubmit={submit}>
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
            <ul className="check-list">
              {services.data.map((s) => (
                <li key={s.id}>
                  <label className="check-row">
                    <input type="checkbox" checked={chosen.has(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} />
                    <span className="check-row-body">
                      <span className="check-row-name">{s.name}</span>
                      <span className="check-row-details">
                        {euros(s.price)} · {t('minutes', { minutes: s.duration })}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="editor-actions">
          <Button type="submit" block disabled={!canSave} busy={saving}>
            {t('save')}
          </Button>
        </div>
      </form>
    </>
  );
}
