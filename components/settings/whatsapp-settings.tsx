'use client';

import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { toastStale } from '@/components/ui/use-versioned-draft';
import { ApiClientError } from '@/lib/api-client/fetcher';
import { disconnectWhatsApp, saveWhatsAppSettings, useWhatsAppSettings } from '@/lib/api-client/whatsapp-settings';
import { ZWhatsAppSettingsPut, type WhatsAppSettings, type WhatsAppSettingsPut } from '@/lib/validation/whatsapp';

type CredentialField = 'phone_number_id' | 'access_token' | 'app_secret';
const FIELDS: readonly CredentialField[] = ['phone_number_id', 'access_token', 'app_secret'];
/** The fields as typed; the token and the secret start empty (the stored ones are never sent to the browser). */
type Draft = Record<CredentialField, string>;
type Messages = Partial<Record<CredentialField, string>>;

const draftOf = (settings: WhatsAppSettings | undefined): Draft => ({ phone_number_id: settings?.phone_number_id ?? '', access_token: '', app_secret: '' });

/** The first message of each field in a list of `{ path, message }` (the schema's issues or a 400's `details.fields`). */
function messagesOf(issues: readonly { path: unknown; message: unknown }[]): Messages {
  const out: Messages = {};
  for (const issue of issues) {
    const field = FIELDS.find((f) => f === issue.path);
    if (field && typeof issue.message === 'string' && !out[field]) out[field] = issue.message;
  }
  return out;
}

/**
 * WhatsApp Business in Ajustes del negocio (beyond-the-spec section 5, admins only: the caller renders it only
 * for them and the server refuses everyone else). What it is for, the status (Conectado / Sin conectar), and a
 * form with the credentials an admin copies from Meta's developer console: Identificador del número de
 * teléfono, Token de acceso and Secreto de la aplicación (password fields; while connected they show the
 * stored one masked as placeholder and, left empty, keep it). Guardar checks them with the contract's schema
 * and saves them with the version of the connection the admin started from: WhatsApp Business conectado, the
 * server's message under the field it refused, or, when someone changed the connection meanwhile, Los datos
 * han cambiado… with the typed values kept on top of the current connection. Read-only URL del webhook and
 * (once connected) Token de verificación, each with a Copiar button, are what Meta's webhook set-up asks for.
 * Desconectar asks first, then removes the connection.
 */
export function WhatsAppSettingsSection() {
  const t = useTranslations('businessSettings.whatsapp');
  const tv = useTranslations('validation');
  const { data, error } = useWhatsAppSettings();
  // null: no edit yet, the fields follow the loaded connection.
  const [draft, setDraft] = useState<Draft | null>(null);
  // The version the edit started from (kept while the cache revalidates, so a colleague's save is not taken as seen).
  const [baseVersion, setBaseVersion] = useState<string | undefined>(undefined);
  const [messages, setMessages] = useState<Messages>({});
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);
  const ids = {
    title: useId(),
    hint: useId(),
    phone_number_id: useId(),
    access_token: useId(),
    app_secret: useId(),
    webhookUrl: useId(),
    verifyToken: useId(),
  };

  const connected = data?.connected ?? false;
  const values = draft ?? draftOf(data);
  const changed = data !== undefined && (values.phone_number_id.trim() !== (data.phone_number_id ?? '') || values.access_token !== '' || values.app_secret !== '');

  const edit = (field: CredentialField, text: string) => {
    if (draft === null) setBaseVersion(data?.version);
    setDraft({ ...values, [field]: text });
    setMessages((m) => ({ ...m, [field]: undefined }));
  };

  const reset = () => {
    setDraft(null);
    setBaseVersion(undefined);
    setMessages({});
  };

  const focusFirst = (found: Messages) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) document.getElementById(ids[first])?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!data || !changed || saving) return;
    const body: WhatsAppSettingsPut = {
      phone_number_id: values.phone_number_id,
      ...(values.access_token.trim() !== '' ? { access_token: values.access_token } : {}),
      ...(values.app_secret.trim() !== '' ? { app_secret: values.app_secret } : {}),
      version: baseVersion === undefined ? data.version : baseVersion,
    };
    const parsed = ZWhatsAppSettingsPut.safeParse(body);
    const found: Messages = parsed.success ? {} : messagesOf(parsed.error.issues.map((i) => ({ path: i.path[0], message: i.message })));
    // The first connection needs both credentials; later saves keep the stored ones when left empty.
    if (!connected) for (const f of ['access_token', 'app_secret'] as const) if (body[f] === undefined) found[f] ??= tv('required');
    if (!parsed.success || Object.keys(found).length > 0) {
      setMessages(found);
      focusFirst(found);
      return;
    }
    setSaving(true);
    try {
      await saveWhatsAppSettings(parsed.data);
      reset();
      toastSuccess(t('saved'));
    } catch (err) {
      const current = toastStale<WhatsAppSettings>(err);
      if (current) {
        // The typed values stay, on top of the current connection.
        setBaseVersion(current.version);
        return;
      }
      const refused =
        err instanceof ApiClientError && err.status === 400
          ? messagesOf(((err.details as { fields?: { path?: unknown; message?: unknown }[] } | undefined)?.fields ?? []).map((f) => ({ path: f?.path, message: f?.message })))
          : {};
      if (Object.keys(refused).length > 0) {
        setMessages(refused);
        focusFirst(refused);
      } else {
        toastError(t('saveError'), err);
      }
    } finally {
      setSaving(false);
    }
  };

  const disconnect = async () => {
    setDisconnecting(true);
    try {
      await disconnectWhatsApp();
      reset();
      toastSuccess(t('disconnected'));
    } catch (err) {
      toastError(t('disconnectError'), err);
    } finally {
      setDisconnecting(false);
      setConfirming(false);
    }
  };

  const secretInput = (field: 'access_token' | 'app_secret') => ({
    className: 'input',
    type: 'password',
    autoComplete: 'off',
    spellCheck: false,
    disabled: !data,
    placeholder: connected ? (data?.[field] ?? undefined) : undefined,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => edit(field, e.target.value),
  });

  return (
    <section className="business-settings-section whatsapp-settings" aria-labelledby={ids.title}>
      <h3 id={ids.title} className="business-settings-subtitle">
        {t('title')}
      </h3>
      <p id={ids.hint} className="business-settings-hint">
        {t('hint')}
      </p>
      {error && !data ? (
        <p className="form-error" role="alert">
          {t('loadError')}
        </p>
      ) : (
        <>
          <p className="whatsapp-settings-status" role="status">
            <span className="sr-only">{t('statusLabel')}: </span>
            <span className={connected ? 'badge badge-success' : 'badge'}>{data ? (connected ? t('connected') : t('notConnected')) : '…'}</span>
          </p>
          <form className="business-settings-fields" noValidate onSubmit={(e) => void submit(e)}>
            <Field id={ids.phone_number_id} label={t('phoneNumberId')} hint={t('phoneNumberIdHint')} message={messages.phone_number_id}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  disabled={!data}
                  value={values.phone_number_id}
                  onChange={(e) => edit('phone_number_id', e.target.value)}
                />
              )}
            </Field>
            <Field id={ids.access_token} label={t('accessToken')} hint={connected ? t('keepHint') : undefined} message={messages.access_token}>
              {(control) => <input {...control} {...secretInput('access_token')} />}
            </Field>
            <Field id={ids.app_secret} label={t('appSecret')} hint={connected ? t('keepHint') : undefined} message={messages.app_secret}>
              {(control) => <input {...control} {...secretInput('app_secret')} />}
            </Field>
            <div className="whatsapp-settings-actions">
              <Button type="submit" busy={saving} disabled={!changed || disconnecting}>
                {t('save')}
              </Button>
              {connected && (
                <Button variant="danger" disabled={saving || disconnecting} onClick={() => setConfirming(true)}>
                  {t('disconnect')}
                </Button>
              )}
            </div>
          </form>
          {data && (
            <div className="business-settings-fields">
              <p className="business-settings-hint">{t('webhookHint')}</p>
              <CopyField id={ids.webhookUrl} label={t('webhookUrl')} value={data.webhook_url} />
              {data.verify_token && <CopyField id={ids.verifyToken} label={t('verifyToken')} value={data.verify_token} />}
            </div>
          )}
        </>
      )}
      <Dialog
        open={confirming}
        onClose={() => !disconnecting && setConfirming(false)}
        title={t('disconnectTitle')}
        footer={
          <DialogActions
            variant="danger"
            confirmLabel={t('disconnectConfirm')}
            cancelLabel={t('cancel')}
            busy={disconnecting}
            onConfirm={() => void disconnect()}
            onCancel={() => setConfirming(false)}
          />
        }
      >
        <p>{t('disconnectText')}</p>
      </Dialog>
    </section>
  );
}

/** A read-only value an admin pastes elsewhere, with a Copiar button (Copiado / No se ha podido copiar). */
function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const t = useTranslations('businessSettings.whatsapp');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toastSuccess(t('copied'));
    } catch {
      toastError(t('copyError'));
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="whatsapp-settings-copy">
        <input id={id} className="input" readOnly spellCheck={false} value={value} onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" className="btn-compact" aria-label={t('copyLabel', { what: label })} onClick={() => void copy()}>
          {t('copy')}
        </Button>
      </div>
    </div>
  );
}
