'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { EditForm } from '@/components/ui/edit-form';
import { EmployeeAvatar } from '@/components/ui/employee-avatar';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { ReadOnlyFields } from '@/components/ui/read-only-fields';
import { keepDraft } from '@/components/ui/keep-draft';
import { useSaveAndBack } from '@/components/ui/use-save-and-back';
import { useVersionedDraft } from '@/components/ui/use-versioned-draft';
import { updateEmployee } from '@/lib/api-client/employees';
import type { Employee } from '@/lib/validation/dto';
import { EMPLOYEE_COLORS, ZEmployeePatch, type EmployeePatch } from '@/lib/validation/employees';
import { employeeHref } from './paths';
import { useColorName } from './use-color-name';
import { WithEmployee } from './with-employee';
import { NAME_MAX } from '@/lib/validation/common';

/** The fields staff may change (spec section 5: name, description, colour). */
const ZInformation = ZEmployeePatch.pick({ name: true, description: true, color: true });

type Values = { name: string; description: string; color: string };

/** The changed fields only, trimmed as the schema trims them. */
function changesOf(values: Values, initial: Values): Partial<Values> {
  const out: Partial<Values> = {};
  if (values.name.trim() !== initial.name.trim()) out.name = values.name;
  if (values.description.trim() !== initial.description.trim()) out.description = values.description;
  if (values.color.toUpperCase() !== initial.color.toUpperCase()) out.color = values.color;
  return out;
}

/**
 * Editar información of a stylist (`/employees/{email}/edit/information`, spec sections 2 and 5): Nombre,
 * Descripción and the avatar colour from the five swatches; e-mail, phone and photo are shown read-only
 * with a note that the administrator changes them. Guardar is enabled only when something changed and the
 * form is valid (ZEmployeePatch); it sends only what changed, with the version the stylist was loaded with
 * (a stale save shows Los datos han cambiado… and the current values, keeping the fields typed here).
 */
export function EditInformation({ email }: { email: string }) {
  return <WithEmployee email={email}>{(employee) => <InformationForm employee={employee} />}</WithEmployee>;
}

function InformationForm({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  const tc = useTranslations('common');
  const colorName = useColorName();
  const { saving, save } = useSaveAndBack(employeeHref(employee.email));
  const ids = { name: useId(), description: useId() };
  const {
    loaded: initial,
    version,
    draft: values,
    setDraft: setValues,
    handleStale,
  } = useVersionedDraft(employee, (e): Values => ({ name: e.name, description: e.description, color: e.color }), keepDraft);

  const changes = changesOf(values, initial);
  const changed = Object.keys(changes).length > 0;
  const parsed = ZInformation.safeParse(changes);
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof Values | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  const canSave = changed && parsed.success && !saving;

  const submit = async () => {
    if (!canSave) return;
    const body: EmployeePatch = { ...parsed.data, version };
    await save(() => updateEmployee(employee.email, body), { success: t('informationUpdated'), error: t('informationError') }, handleStale);
  };

  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  return (
    <>
      <PageHeader fallbackHref={employeeHref(employee.email)} title={t('editInformation')} description={employee.name} />
      <EditForm onSave={() => void submit()} saveLabel={t('save')} disabled={!canSave} busy={saving}>
        <Field id={ids.name} label={t('name')} message={errors.name}>
          {(control) => (
            <input
              {...control}
              className="input"
              autoComplete="off"
              required
              maxLength={NAME_MAX}
              value={values.name}
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </Field>
        <Field id={ids.description} label={t('description')} message={errors.description}>
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              rows={5}
              maxLength={1000}
              value={values.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          )}
        </Field>
        <fieldset className="fieldset">
          <legend>{t('color')}</legend>
          <div className="swatches">
            {EMPLOYEE_COLORS.map((c) => (
              <label key={c} className="swatch" title={colorName(c)}>
                <input
                  type="radio"
                  name="employee-color"
                  value={c}
                  checked={values.color.toUpperCase() === c}
                  aria-label={colorName(c)}
                  onChange={() => set({ color: c })}
                />
                <span className="swatch-dot" style={{ background: c }} aria-hidden="true" />
              </label>
            ))}
          </div>
          {errors.color && <p className="field-error">{errors.color}</p>}
        </fieldset>

        <ReadOnlyFields
          label={t('adminSection')}
          note={t('adminNote')}
          fields={[
            { label: t('email'), value: employee.email },
            { label: t('phone'), value: employee.tlf || tc('notAvailable') },
          ]}
        >
          <div className="field">
            <span className="field-label">{t('photo')}</span>
            <div className="readonly-value">
              <EmployeeAvatar avatar={employee.avatar} color={values.color} size={36} />
              {employee.avatar ? t('photoSet') : t('photoGeneric')}
            </div>
          </div>
        </ReadOnlyFields>

      </EditForm>
    </>
  );
}
