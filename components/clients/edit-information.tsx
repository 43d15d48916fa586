'use client';

import Link from 'next/link';
import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { EditForm } from '@/components/ui/edit-form';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { ReadOnlyFields } from '@/components/ui/read-only-fields';
import { keepDraft } from '@/components/ui/keep-draft';
import { useSaveAndBack } from '@/components/ui/use-save-and-back';
import { useVersionedDraft } from '@/components/ui/use-versioned-draft';
import { updateClient } from '@/lib/api-client/clients';
import type { UserDetail } from '@/lib/validation/dto';
import { MAX_APPOINTMENTS_ALLOWED } from '@/lib/validation/users';
import { allowanceOf, checkInformation, informationChanges, type InformationValues } from './client-draft';
import { clientHref, clientInfoHref } from './paths';
import { WithClient } from './with-client';
import { NAME_MAX } from '@/lib/validation/common';

/**
 * Editar información of a client (`/clients/{email}/edit/information`, spec sections 2 and 5):
 * Nombre and Citas permitidas (a whole number ≥ 0) are editable; e-mail and phone are shown read-only
 * with a note that the administrator changes them. Guardar is enabled only when something changed and
 * the values pass the contract (ZStaffUserPatch); it sends only what changed. Información actualizada /
 * Error al actualizar el cliente (4 s). The save carries the version the client was loaded with: a stale
 * one shows Los datos han cambiado… and the current values, keeping the fields typed here. The guest cannot
 * be edited: a message and the way back instead.
 */
export function EditClientInformation({ email }: { email: string }) {
  return (
    <WithClient email={email} editing>
      {(client) => (client.is_guest ? <GuestNotEditable client={client} /> : <InformationForm client={client} />)}
    </WithClient>
  );
}

function InformationForm({ client }: { client: UserDetail }) {
  const t = useTranslations('clients');
  const tc = useTranslations('common');
  const { saving, save } = useSaveAndBack(clientInfoHref(client.email));
  const ids = { name: useId(), allowance: useId() };
  const {
    loaded,
    version,
    draft: values,
    setDraft: setValues,
    handleStale,
  } = useVersionedDraft(client, (c): InformationValues => ({ name: c.name, allowance: String(c.n_appointments_allowed) }), keepDraft);

  const changes = informationChanges(values, { name: loaded.name, n_appointments_allowed: allowanceOf(loaded.allowance) });
  const changed = Object.keys(changes).length > 0;
  const check = checkInformation(changes);
  const canSave = changed && check.ok && !saving;

  const submit = async () => {
    const body = check.body;
    if (!canSave || !body) return;
    await save(() => updateClient(client.email, { ...body, version }), { success: t('updated'), error: t('updateError') }, handleStale);
  };

  return (
    <>
      <PageHeader fallbackHref={clientInfoHref(client.email)} title={t('editInformation')} description={client.name || client.email} />
      <EditForm onSave={() => void submit()} saveLabel={t('save')} disabled={!canSave} busy={saving}>
        <Field id={ids.name} label={t('name')} message={check.messages.name}>
          {(control) => (
            <input
              {...control}
              className="input"
              autoComplete="off"
              required
              maxLength={NAME_MAX}
              value={values.name}
              onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            />
          )}
        </Field>
        <Field
          id={ids.allowance}
          label={t('allowance')}
          hint={t('allowanceHint')}
          message={check.messages.n_appointments_allowed}
        >
          {(control) => (
            <input
              {...control}
              className="input client-allowance"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_APPOINTMENTS_ALLOWED}
              step={1}
              required
              value={values.allowance}
              onChange={(e) => setValues((v) => ({ ...v, allowance: e.target.value }))}
            />
          )}
        </Field>

        <ReadOnlyFields
          label={t('adminSection')}
          note={t('adminNote')}
          fields={[
            { label: t('email'), value: client.email },
            { label: t('phone'), value: client.tlf || tc('notAvailable') },
          ]}
        />
      </EditForm>
    </>
  );
}

/** The guest client stands for walk-ins: nothing of it can be edited (spec section 5). */
export function GuestNotEditable({ client }: { client: UserDetail }) {
  const t = useTranslations('clients');
  return (
    <>
      <PageHeader fallbackHref={clientHref(client.email)} title={t('guest')} />
      <div className="message-page client-guest-message">
        <p role="status">{t('guestNotEditable')}</p>
        <Link href={clientHref(client.email)} className="btn btn-secondary">
          {t('backToClient')}
        </Link>
      </div>
    </>
  );
}
