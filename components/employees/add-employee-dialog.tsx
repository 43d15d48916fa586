'use client';

import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import { FormDialog, type FormDialogState } from '@/components/ui/form-dialog';
import { useZodForm } from '@/components/ui/use-zod-form';
import { addEmployee } from '@/lib/api-client/employees';
import { ZStaffCreate } from '@/lib/validation/staff';
import { NAME_MAX } from '@/lib/validation/common';

type FieldName = 'name' | 'email';

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
  return (
    <FormDialog open={open} onClose={onClose} title={t('add')} submitLabel={t('addConfirm')} cancelLabel={t('cancel')}>
      {(state) => <AddEmployeeForm state={state} onAdded={onClose} />}
    </FormDialog>
  );
}

function AddEmployeeForm({ state, onAdded }: { state: FormDialogState; onAdded: () => void }) {
  const t = useTranslations('employees');
  const form = useZodForm(ZStaffCreate, { name: '', email: '' });

  const submit = form.handleSubmit(
    (data) => state.send(() => addEmployee(data), { success: t('added'), error: t('addError') }, onAdded),
    state.saving,
  );

  const field = (name: FieldName, label: string, input: { type: string; autoComplete: string; maxLength: number }, hint?: string) => (
    <Field id={form.id(name)} label={label} hint={hint} message={form.shown(name)}>
      {(control) => <input {...control} className="input" required {...input} disabled={state.saving} {...form.input(name)} />}
    </Field>
  );

  return (
    <form id={state.formId} className="special-form" onSubmit={submit} noValidate>
      {field('name', t('name'), { type: 'text', autoComplete: 'off', maxLength: NAME_MAX })}
      {field('email', t('email'), { type: 'email', autoComplete: 'off', maxLength: 254 }, t('addNote'))}
    </form>
  );
}
