'use client';

import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { EditForm } from '@/components/ui/edit-form';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { PageHeader, useBack } from '@/components/ui/page-header';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { updateClient } from '@/lib/api-client/clients';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import type { UserDetail } from '@/lib/validation/dto';
import { useVersionedDraft } from '@/components/ui/use-versioned-draft';
import { addUserRefusal, checkUsers, keepDraftRows, rowsOf, savedOf, usersChanged } from './client-draft';
import { GuestNotEditable } from './edit-information';
import { clientInfoHref } from './paths';
import { WithClient } from './with-client';
import { NAME_MAX } from '@/lib/validation/common';

/**
 * Editar usuarios of a client (`/clients/{email}/edit/users`, spec sections 2 and 5): the people
 * the client may book for, up to 3, each with a name (a row each; Añadir usuario, and a remove button per
 * row). A fourth is refused with No se pueden agregar más de 3 usuarios (the contract's message). Guardar
 * is enabled only when the list changed and every name is filled in. A sub-user with a pending
 * appointment cannot be removed: the server answers 409 and its Spanish message shows under the list and
 * in the toast Error al actualizar el cliente. Saved: Información actualizada, back to the client. The save
 * carries the version the client was loaded with: a stale one shows Los datos han cambiado… and the current
 * sub-users, keeping the rows changed here (`keepDraftRows`).
 */
export function EditClientUsers({ email }: { email: string }) {
  return (
    <WithClient email={email} editing>
      {(client) => (client.is_guest ? <GuestNotEditable client={client} /> : <UsersForm client={client} />)}
    </WithClient>
  );
}

function UsersForm({ client }: { client: UserDetail }) {
  const t = useTranslations('clients');
  const tc = useTranslations('common');
  const back = useBack(clientInfoHref(client.email));
  const baseId = useId();
  const { loaded, version, draft: rows, setDraft: setRows, handleStale } = useVersionedDraft(client, (c) => rowsOf(c.users), keepDraftRows);
  const saved = savedOf(loaded);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // Rows whose name was typed in: an empty name shows its message only then (never on blur, which would
  // move Añadir usuario under the finger between press and release).
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const [saving, setSaving] = useState(false);
  const nextKey = useRef(0);

  const check = checkUsers(rows);
  const changed = usersChanged(rows, saved);
  const canSave = changed && check.ok && !saving;
  const inputId = (key: string) => `${baseId}-user-${key}`;

  const setName = (key: string, name: string) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, name } : r)));
    setEdited((s) => (s.has(key) ? s : new Set(s).add(key)));
    setServerError(null);
  };

  const add = () => {
    const refused = addUserRefusal(rows);
    if (refused) {
      setRefusal(refused);
      return;
    }
    setRefusal(null);
    setServerError(null);
    const key = `new-${nextKey.current++}`;
    setRows((list) => [...list, { key, name: '' }]);
    // The new row's field gets the focus once it exists.
    requestAnimationFrame(() => document.getElementById(inputId(key))?.focus());
  };

  const remove = (index: number) => {
    setRows((list) => list.filter((_, i) => i !== index));
    setRefusal(null);
    setServerError(null);
  };

  const submit = async () => {
    if (!canSave || !check.body) return;
    setSaving(true);
    setServerError(null);
    try {
      await updateClient(client.email, { users: check.body, version });
      toastSuccess(t('updated'));
      back();
    } catch (err) {
      setSaving(false);
      if (handleStale(err)) return;
      setServerError(errorMessageOf(err, tc('genericError')));
      toastError(t('updateError'), err);
    }
  };

  const legendId = `${baseId}-legend`;
  const listMessage = refusal ?? check.listMessage ?? null;
  // What keeps Guardar disabled: the rows still without a name.
  const missing = check.invalidRows.map((i) => t('userName', { n: i + 1 }));
  const saveMessage = missing.length > 0 ? t('missingFields', { fields: missing.join(', ') }) : '';

  return (
    <>
      <PageHeader fallbackHref={clientInfoHref(client.email)} title={t('editUsers')} description={client.name || client.email} />
      <EditForm onSave={() => void submit()} saveLabel={t('save')} disabled={!canSave} busy={saving} message={saveMessage}>
        <fieldset className="fieldset card client-users-card" aria-describedby={`${baseId}-hint`}>
          <legend id={legendId} className="client-users-legend">
            {t('usersLegend')}
          </legend>
          <p id={`${baseId}-hint`} className="field-hint">
            {t('usersHint', { name: client.name || client.email })}
          </p>
          {rows.length === 0 ? (
            <p className="muted">{t('noUsersYet')}</p>
          ) : (
            <ol className="user-rows" aria-labelledby={legendId}>
              {rows.map((r, i) => {
                const id = inputId(r.key);
                const bad = check.invalidRows.includes(i) && edited.has(r.key);
                const messageId = `${id}-message`;
                return (
                  <li key={r.key} className="user-row">
                    <div className="field">
                      <label htmlFor={id}>{t('userName', { n: i + 1 })}</label>
                      <input
                        id={id}
                        className="input"
                        autoComplete="off"
                        required
                        maxLength={NAME_MAX}
                        value={r.name}
                        aria-invalid={bad || undefined}
                        aria-describedby={bad ? messageId : undefined}
                        onChange={(e) => setName(r.key, e.target.value)}
                      />
                      {bad && (
                        <p id={messageId} className="field-error">
                          {check.rowMessages[i]}
                        </p>
                      )}
                    </div>
                    <button
                      type="button"
                      className="icon-btn user-remove"
                      aria-label={t('removeUser', { n: i + 1 })}
                      onClick={() => remove(i)}
                    >
                      <TrashIcon />
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
          <p className="form-error" role="alert">
            {listMessage ?? serverError ?? ''}
          </p>
          <Button variant="secondary" block onClick={add}>
            <PlusIcon />
            {t('addUser')}
          </Button>
        </fieldset>
      </EditForm>
    </>
  );
}
