'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { STAFF_TOAST_MS } from '@/components/ui/toast';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { addEmployee } from '@/lib/api-client/employees';
import { ZStaffCreate } from '@/lib/validation/staff';

type Field = 'name' | 'email';
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', email: '' };

/** The first schema message of each field (ZStaffCreate), for the values as typed. */
function errorsOf(values: Values): Partial<Record<Field, string>> {
  const parsed = ZStaffCreate.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field | undefined;
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
  const ids = { name: useId(), nameError: useId(), email: useId(), emailError: useId(), note: useId() };
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Record<Field, boolean>>({ name: false, email: false });
  const [submitted, setSubmitted] = useState(false);

  const errors = errorsOf(values);
  const shown = (field: Field) => (touched[field] || submitted ? errors[field] : undefined);

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
      toast.success(t('added'), { duration: STAFF_TOAST_MS });
      onAdded();
    } catch (err) {
      setSaving(false);
      toast.error(t('addError'), { description: errorMessageOf(err, '') || undefined, duration: STAFF_TOAST_MS });
    }
  };

  const field = (name: Field, label: string, input: { type: string; autoComplete: string; maxLength: number }) => {
    const id = name === 'name' ? ids.name : ids.email;
    const errorId = name === 'name' ? ids.nameError : ids.emailError;
    const error = shown(name);
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className="input"
          required
          {...input}
          value={values[name]}
          disabled={saving}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, name === 'email' ? ids.note : null].filter(Boolean).join(' ') || undefined}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          onBlur={() => setTouched((s) => ({ ...s, [name]: true }))}
        />
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form id={formId} className="special-form" onSubmit={submit} noValidate>
      {field('name', t('name'), { type: 'text', autoComplete: 'off', maxLength: 120 })}
      {field('email', t('email'), { type: 'email', autoComplete: 'off', maxLength: 254 })}
      <p id={ids.note} className="note">
        {t('addNote')}
      </p>
    </form>
  );
}
