'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import { FormDialog, type FormDialogState } from '@/components/ui/form-dialog';
import { useZodForm } from '@/components/ui/use-zod-form';
import { createClient } from '@/lib/api-client/clients';
import type { UserDto } from '@/lib/validation/dto';
import { ZClientCreate } from '@/lib/validation/users';

export type AddClientDialogProps = {
  open: boolean;
  onClose: () => void;
  /** After the client was created (the lists are revalidated already). */
  onCreated: (user: UserDto) => void;
};

/**
 * Añadir cliente (spec sections 2 and 5): one field, Correo electrónico, that must be filled: the
 * action button stays disabled while it is empty (validated with ZClientCreate; its message shows once
 * the field was left or the form sent). Sending
 * creates the client and queues the invitation e-mail: toast Cliente creado and the dialog closes; a
 * failure keeps it open with the toast Error al crear el cliente and the server's message (e.g. the
 * e-mail is a client already). The form mounts only while open.
 */
export function AddClientDialog({ open, onClose, onCreated }: AddClientDialogProps) {
  const t = useTranslations('clients');
  return (
    <FormDialog open={open} onClose={onClose} title={t('addTitle')} submitLabel={t('addConfirm')} cancelLabel={t('cancel')}>
      {(state) => (
        <AddClientForm
          state={state}
          onCreated={(user) => {
            onCreated(user);
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}

function AddClientForm({ state, onCreated }: { state: FormDialogState; onCreated: (user: UserDto) => void }) {
  const t = useTranslations('clients');
  const form = useZodForm(ZClientCreate, { email: '' });
  const message = form.shown('email');
  const shown = message !== undefined && form.values.email.trim() === '' ? t('emailRequired') : message;
  const filled = form.values.email.trim() !== '';
  const { setFilled } = state;
  useEffect(() => setFilled(filled), [filled, setFilled]);

  const submit = form.handleSubmit(
    (data) => state.send(() => createClient(data), { success: t('created'), error: t('createError') }, onCreated),
    state.saving,
  );

  return (
    <form id={state.formId} className="client-add-form" onSubmit={submit} noValidate>
      <Field id={form.id('email')} label={t('email')} hint={t('addNote')} message={shown}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={254}
            disabled={state.saving}
            {...form.input('email')}
          />
        )}
      </Field>
    </form>
  );
}
