'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toastError, toastSuccess } from '@/components/ui/toast';
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
 * Añadir cliente (spec sections 2 and 5; issue 7): one field, Correo electrónico, that must be filled
 * (validated with ZClientCreate; its message shows once the field was left or the form sent). Sending
 * creates the client and queues the invitation e-mail: toast Cliente creado and the dialog closes; a
 * failure keeps it open with the toast Error al crear el cliente and the server's message (e.g. the
 * e-mail is a client already). The form mounts only while open.
 */
export function AddClientDialog({ open, onClose, onCreated }: AddClientDialogProps) {
  const t = useTranslations('clients');
  const formId = useId();
  const [saving, setSaving] = useState(false);
  const close = () => {
    if (!saving) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('addTitle')}
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
      <AddClientForm
        formId={formId}
        saving={saving}
        setSaving={setSaving}
        onCreated={(user) => {
          onCreated(user);
          onClose();
        }}
      />
    </Dialog>
  );
}

function AddClientForm({
  formId,
  saving,
  setSaving,
  onCreated,
}: {
  formId: string;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onCreated: (user: UserDto) => void;
}) {
  const t = useTranslations('clients');
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const parsed = ZClientCreate.safeParse({ email });
  const message = parsed.success ? undefined : email.trim() === '' ? t('emailRequired') : parsed.error.issues[0]?.message;
  const shown = touched || submitted ? message : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (!parsed.success) {
      document.getElementById(emailId)?.focus();
      return;
    }
    setSaving(true);
    try {
      const user = await createClient(parsed.data);
      setSaving(false);
      toastSuccess(t('created'));
      onCreated(user);
    } catch (err) {
      setSaving(false);
      toastError(t('createError'), err);
    }
  };

  return (
    <form id={formId} className="client-add-form" onSubmit={submit} noValidate>
      <Field id={emailId} label={t('email')} hint={t('addNote')} message={shown}>
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
            value={email}
            disabled={saving}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
          />
        )}
      </Field>
    </form>
  );
}
