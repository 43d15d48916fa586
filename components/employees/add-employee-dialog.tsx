'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { addEmployee } from '@/lib/api-client/employees';
import { ZStaffCreate } from '@/lib/validation/staff';

type FieldName = 'name' | 'email';
type Values = Record<FieldName, string>;

const EMPTY: Values = { name: '', email: '' };

/** The first schema message of each field (ZStaffCreate), for the values as typed. */
function errorsOf(values: Values): Partial<Record<FieldName, string>> {
  const parsed = ZStaffCreate.safeParse(values);
  const errors: Partial<Record<FieldName, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FieldName | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}

export type AddEmployeeDialogProps = {
  open: boolean;
  onClose: () => void;
};

/**
 * Añadir empleado (admins only; decisions "Admin-only actions"): Nombre and Correo electrónico, validated
 * with ZStaffCreate (a field's message shows once it was left or the form was sent), and a note that the
 * person signs in with that e-mail. Añadir creates the stylist (the list and the agenda revalidate): toast
 * Empleado añadido and the dialog closes; a failure keeps the dialog open with the toast Error al añadir el
 * empleado and the server's message (e.g. the e-mail is a client's). The form mounts only while open.
 */
export function AddEmployeeDialog({ open, onClose }: AddEmployeeDialogProps) {
  const t = useTranslations('employees');
  const formId = useId();
  const [saving, setSaving] = useState(false);
  const close = () => {
    if (!saving) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('add')}
      footer={
        <div className="dialog-actions">
          <Button type="submit" form={formId} block busy={saving}>
            {t('addConfirm')}
          </Button>
          <Button block variant="secondary" disabled={saving} onClick={close}>
            {t('cancel')}
          </Button>
        </div>
      }
    >
      <AddEmployeeForm formId={formId} saving={saving} setSaving={setSaving} onAdded={onClose} />
    </Dialog>
  );
}

function AddEmployeeForm({
  formId,
  saving,
  setSaving,
  onAdded,
}: {
  formId: string;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onAdded: () => void;
}) {
  const t = useTranslations('employees');
  const ids = { name: useId(), email: useId() };
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Record<FieldName, boolean>>({ name: false, email: false });
  const [submitted, setSubmitted] = useState(false);

  const errors = errorsOf(values);
  const shown = (field: FieldName) => (touched[field] || submitted ? errors[field] : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setSubmitted(true);
    const parsed = ZStaffCreate.safeParse(values);
    if (!parsed.success) {
      // The first invalid field gets the focus, with its message.
      const first = parsed.error.issues[0]?.path[0] === 'email' ? ids.email : ids.name;
      document.getElementById(first)?.focus();
      return;
    }
    setSaving(true);
    try {
      await addEmployee(parsed.data);
      setSaving(false);
      toastSuccess(t('added'));
      onAdded();
    } catch (err) {
      setSaving(false);
      toastError(t('addError'), err);
    }
  };

  const field = (name: FieldName, label: string, input: { type: string; autoComplete: string; maxLength: number }, hint?: string) => (
    <Field id={name === 'name' ? ids.name : ids.email} label={label} hint={hint} message={shown(name) ?? undefined}>
      {(control) => (
        <input
          {...control}
          className="input"
          required
          {...input}
          value={values[name]}
          disabled={saving}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          onBlur={() => setTouched((s) => ({ ...s, [name]: true }))}
        />
      )}
    </Field>
  );

  return (
    <form id={formId} className="special-form" onSubmit={submit} noValidate>
      {field('name', t('name'), { type: 'text', autoComplete: 'off', maxLength: 120 })}
      {field('email', t('email'), { type: 'email', autoComplete: 'off', maxLength: 254 }, t('addNote'))}
    </form>
  );
}
