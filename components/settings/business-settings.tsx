'use client';

import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { KeyedMutator } from 'swr';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { toastStale } from '@/components/ui/use-versioned-draft';
import { useLoaded } from '@/components/ui/use-zod-form';
import { ApiClientError } from '@/lib/api-client/fetcher';
import { updateTenantSettings, useTenantSettings } from '@/lib/api-client/settings';
import type { TenantSettings } from '@/lib/validation/dto';
import type { TenantSettingsPatch } from '@/lib/validation/settings';
import { WhatsAppSettingsSection } from './whatsapp-settings';
import './business-settings.css';

/** What the card is saving: one change at a time, since each carries the version on screen. */
type Saving = 'reminders' | 'weeklySummary' | 'confirmation' | 'hours';

/**
 * Ajustes del negocio (decisions "Admin-only actions"): the tenant's settings, for admins only (the caller
 * renders it only for them; the server refuses employees anyway).
 * - Recordatorios automáticos por correo (24 h antes): a switch.
 * - Resumen semanal por correo (lunes): a switch; the admins get the week's figures on Monday morning.
 * - Confirmación de citas (confirm or release, beyond-the-spec section 3): a switch that turns it on or off,
 *   and the hours before the appointment of the confirmation request and of the cut-off (a small form, see
 *   `ConfirmationHours`), so the owner decides how early clients are asked and when an unconfirmed hour is
 *   freed.
 * - WhatsApp Business (beyond-the-spec section 5): the salon's own WhatsApp Business number, see
 *   `WhatsAppSettingsSection` (its own resource and version, saved with its own Guardar).
 * A switch is saved at once, with a toast, carrying the version of the settings shown; on failure it goes
 * back and an error toast says why, and when someone saved the settings meanwhile it shows Los datos han
 * cambiado… and the current state. One change is saved at a time: the others wait, disabled.
 */
export function BusinessSettings() {
  const t = useTranslations('businessSettings');
  const { data, error, mutate } = useTenantSettings();
  const [saving, setSaving] = useState<Saving | null>(null);
  const ids = {
    title: useId(),
    remindersSwitch: useId(),
    remindersLabel: useId(),
    remindersHint: useId(),
    summarySwitch: useId(),
    summaryLabel: useId(),
    summaryHint: useId(),
    confirmationTitle: useId(),
    confirmationHint: useId(),
    confirmationSwitch: useId(),
    confirmationLabel: useId(),
  };

  /**
   * Saves a switch's `body` at once: the card shows `apply(settings)` while it travels; `done` words the
   * success toast from the stored settings.
   */
  const saveSwitch = async (
    what: Saving,
    body: Omit<TenantSettingsPatch, 'version'>,
    apply: (settings: TenantSettings) => TenantSettings,
    done: (saved: TenantSettings) => string,
  ) => {
    const shown = data;
    if (!shown) return;
    setSaving(what);
    try {
      // The version of the settings on screen: the switch was flipped from what it showed.
      const saved = await mutate(updateTenantSettings({ ...body, version: shown.version }), {
        optimisticData: (current) => apply(current ?? shown),
        rollbackOnError: true,
        revalidate: false,
      });
      toastSuccess(done(saved ?? apply(shown)));
    } catch (err) {
      // Someone changed the settings meanwhile: the switch shows the current state and the click is not
      // applied again, since a switch is saved at once and the current state may already be what was wanted
      // (or a colleague's deliberate choice); the admin flips it again if still needed.
      const current = toastStale<TenantSettings>(err);
      if (current) await mutate(current, { revalidate: false });
      else toastError(t('saveError'), err);
    } finally {
      setSaving(null);
    }
  };

  const changeReminders = (on: boolean) =>
    saveSwitch(
      'reminders',
      { automatic_reminders: on },
      (s) => ({ ...s, automatic_reminders: on }),
      (s) => (s.automatic_reminders ? t('remindersOn') : t('remindersOff')),
    );

  const changeWeeklySummary = (on: boolean) =>
    saveSwitch(
      'weeklySummary',
      { weekly_summary: on },
      (s) => ({ ...s, weekly_summary: on }),
      (s) => (s.weekly_summary ? t('weeklySummaryOn') : t('weeklySummaryOff')),
    );

  const changeConfirmation = (on: boolean) =>
    saveSwitch(
      'confirmation',
      { confirmation: { enabled: on } },
      (s) => ({ ...s, confirmation: { ...s.confirmation, enabled: on } }),
      (s) => (s.confirmation.enabled ? t('confirmationOn') : t('confirmationOff')),
    );

  return (
    <Card className="business-settings" role="region" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="business-settings-title">
        {t('title')}
      </h2>
      {error && !data ? (
        <p className="form-error" role="alert">
          {t('loadError')}
        </p>
      ) : (
        <>
          <div className="business-settings-row">
            <span className="business-settings-text">
              <label id={ids.remindersLabel} htmlFor={ids.remindersSwitch} className="business-settings-label">
                {t('automaticReminders')}
              </label>
              <span id={ids.remindersHint} className="business-settings-hint">
                {t('automaticRemindersHint')}
              </span>
            </span>
            <Switch
              id={ids.remindersSwitch}
              labelledBy={ids.remindersLabel}
              describedBy={ids.remindersHint}
              busy={saving === 'reminders' || !data}
              disabled={!data || saving !== null}
              checked={data?.automatic_reminders ?? false}
              onChange={(checked) => void changeReminders(checked)}
            />
          </div>

          <div className="business-settings-row">
            <span className="business-settings-text">
              <label id={ids.summaryLabel} htmlFor={ids.summarySwitch} className="business-settings-label">
                {t('weeklySummary')}
              </label>
              <span id={ids.summaryHint} className="business-settings-hint">
                {t('weeklySummaryHint')}
              </span>
            </span>
            <Switch
              id={ids.summarySwitch}
              labelledBy={ids.summaryLabel}
              describedBy={ids.summaryHint}
              busy={saving === 'weeklySummary' || !data}
              disabled={!data || saving !== null}
              checked={data?.weekly_summary ?? false}
              onChange={(checked) => void changeWeeklySummary(checked)}
            />
          </div>

          <section className="business-settings-section" aria-labelledby={ids.confirmationTitle}>
            <h3 id={ids.confirmationTitle} className="business-settings-subtitle">
              {t('confirmationTitle')}
            </h3>
            <p id={ids.confirmationHint} className="business-settings-hint">
              {t('confirmationHint')}
            </p>
            <div className="business-settings-row">
              <span className="business-settings-text">
                <label id={ids.confirmationLabel} htmlFor={ids.confirmationSwitch} className="business-settings-label">
                  {t('confirmationEnabled')}
                </label>
              </span>
              <Switch
                id={ids.confirmationSwitch}
                labelledBy={ids.confirmationLabel}
                describedBy={ids.confirmationHint}
                busy={saving === 'confirmation' || !data}
                disabled={!data || saving !== null}
                checked={data?.confirmation.enabled ?? false}
                onChange={(checked) => void changeConfirmation(checked)}
              />
            </div>
            <ConfirmationHours settings={data} mutate={mutate} saving={saving} setSaving={setSaving} />
          </section>
        </>
      )}
      <WhatsAppSettingsSection />
    </Card>
  );
}

type HoursField = 'request_hours' | 'cutoff_hours';
/** The fields' text as typed (a number field's value is text; empty while it holds no number). */
type HoursText = Record<HoursField, string>;
const HOURS_FIELDS: readonly HoursField[] = ['request_hours', 'cutoff_hours'];

/**
 * The contract's schema and ranges of confirm or release, loaded after the first view: their module also
 * checks phone countries with libphonenumber, which stays out of the page's first-load JavaScript.
 */
const loadConfirmationRules = () =>
  import('@/lib/validation/settings').then((m) => ({
    schema: m.ZConfirmationSettingsPatch,
    ranges: { request_hours: m.CONFIRMATION_REQUEST_HOURS, cutoff_hours: m.CONFIRMATION_CUTOFF_HOURS },
  }));
type ConfirmationRules = Awaited<ReturnType<typeof loadConfirmationRules>>;

const hoursTextOf = (settings: TenantSettings): HoursText => ({
  request_hours: String(settings.confirmation.request_hours),
  cutoff_hours: String(settings.confirmation.cutoff_hours),
});

/** A field's number; NaN when empty. */
const hoursOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The two hours checked by the contract's schema: the body to send, or each field's first message. A range
 * issue carries the schema's Spanish message; any other (empty, not a whole number) gets the field's
 * `fallback`, the same Spanish sentence of the allowed range.
 */
function checkHours(
  schema: ConfirmationRules['schema'],
  values: HoursText,
  fallback: Record<HoursField, string>,
): { body: NonNullable<TenantSettingsPatch['confirmation']> } | { messages: Partial<Record<HoursField, string>> } {
  const parsed = schema.safeParse({ request_hours: hoursOf(values.request_hours), cutoff_hours: hoursOf(values.cutoff_hours) });
  if (parsed.success) return { body: parsed.data };
  const messages: Partial<Record<HoursField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = HOURS_FIELDS.find((f) => f === issue.path[0]);
    if (!field || messages[field]) continue;
    messages[field] = issue.code === 'too_small' || issue.code === 'too_big' ? issue.message : fallback[field];
  }
  return { messages };
}

/** The field messages of a 400 answer (`details.fields`: `{ path: 'confirmation.cutoff_hours', message }[]`). */
function serverMessagesOf(details: unknown): Partial<Record<HoursField, string>> {
  const out: Partial<Record<HoursField, string>> = {};
  const fields = (details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return out;
  for (const f of fields as { path?: unknown; message?: unknown }[]) {
    const field = HOURS_FIELDS.find((name) => f?.path === `confirmation.${name}`);
    if (field && typeof f.message === 'string' && !out[field]) out[field] = f.message;
  }
  return out;
}

/**
 * The hours of confirm or release: Enviar la solicitud (request, 25–168 hours before the appointment) and
 * Plazo para confirmar (cut-off, 2–24), disabled while confirmation is off. The draft starts from the loaded
 * settings and follows them until the admin types. Guardar (enabled once a number changed) checks both with
 * the contract's schema, showing its Spanish message under the field, then sends only the two numbers with
 * the version of the settings shown: Plazos de confirmación guardados, or the server's message under the
 * field it refused. When someone saved the settings meanwhile, it shows Los datos han cambiado… and the
 * current hours, as the switches do, and nothing is sent again.
 */
function ConfirmationHours({
  settings,
  mutate,
  saving,
  setSaving,
}: {
  settings: TenantSettings | undefined;
  mutate: KeyedMutator<TenantSettings>;
  saving: Saving | null;
  setSaving: (saving: Saving | null) => void;
}) {
  const t = useTranslations('businessSettings');
  const tv = useTranslations('validation');
  const rules = useLoaded(loadConfirmationRules);
  const ids: Record<HoursField, string> = { request_hours: useId(), cutoff_hours: useId() };
  // null: the loaded hours, followed as the settings change.
  const [draft, setDraft] = useState<HoursText | null>(null);
  // Messages show once Guardar was pressed, then follow the typing. Not on leaving a field: a message
  // appearing then would move Guardar from under the pointer on its way to it, and the click would be lost.
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<Partial<Record<HoursField, string>>>({});

  const enabled = settings?.confirmation.enabled ?? false;
  const values = draft ?? (settings ? hoursTextOf(settings) : { request_hours: '', cutoff_hours: '' });
  const changed = settings !== undefined && HOURS_FIELDS.some((f) => hoursOf(values[f]) !== settings.confirmation[f]);
  const fallback = { request_hours: tv('requestHours'), cutoff_hours: tv('cutoffHours') };
  const check = rules ? checkHours(rules.schema, values, fallback) : null;
  const messageOf = (field: HoursField): string | undefined => {
    if (!enabled) return undefined;
    if (refused[field]) return refused[field];
    return submitted && check && 'messages' in check ? check.messages[field] : undefined;
  };

  const edit = (field: HoursField, text: string) => {
    setDraft({ ...values, [field]: text });
    setRefused((r) => ({ ...r, [field]: undefined }));
  };

  const reset = () => {
    setDraft(null);
    setSubmitted(false);
    setRefused({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!settings || !enabled || !changed || saving) return;
    const { schema } = rules ?? (await loadConfirmationRules());
    const result = checkHours(schema, values, fallback);
    setSubmitted(true);
    if (!('body' in result)) {
      const first = HOURS_FIELDS.find((f) => result.messages[f]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setSaving('hours');
    try {
      await mutate(updateTenantSettings({ confirmation: result.body, version: settings.version }), { revalidate: false });
      reset();
      toastSuccess(t('confirmationHoursSaved'));
    } catch (err) {
      const current = toastStale<TenantSettings>(err);
      if (current) {
        await mutate(current, { revalidate: false });
        reset();
        return;
      }
      const messages = err instanceof ApiClientError && err.status === 400 ? serverMessagesOf(err.details) : {};
      const first = HOURS_FIELDS.find((f) => messages[f]);
      if (first) {
        setRefused(messages);
        document.getElementById(ids[first])?.focus();
      } else {
        toastError(t('saveError'), err);
      }
    } finally {
      setSaving(null);
    }
  };

  const input = (field: HoursField) => ({
    className: 'input business-settings-number',
    type: 'number',
    inputMode: 'numeric' as const,
    min: rules?.ranges[field].min,
    max: rules?.ranges[field].max,
    step: 1,
    required: true,
    disabled: !enabled,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => edit(field, e.target.value),
  });

  return (
    <form className="business-settings-hours" noValidate onSubmit={(e) => void submit(e)}>
      <div className="business-settings-fields">
        <Field id={ids.request_hours} label={t('requestHours')} hint={t('requestHoursHint')} message={messageOf('request_hours')}>
          {(control) => <input {...control} {...input('request_hours')} />}
        </Field>
        <Field id={ids.cutoff_hours} label={t('cutoffHours')} hint={t('cutoffHoursHint')} message={messageOf('cutoff_hours')}>
          {(control) => <input {...control} {...input('cutoff_hours')} />}
        </Field>
      </div>
      <Button type="submit" className="business-settings-save" busy={saving === 'hours'} disabled={!enabled || !changed || (saving !== null && saving !== 'hours')}>
        {t('save')}
      </Button>
    </form>
  );
}
