'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { toastStale } from '@/components/ui/use-versioned-draft';
import { updateTenantSettings, useTenantSettings } from '@/lib/api-client/settings';
import type { TenantSettings } from '@/lib/validation/dto';
import './business-settings.css';
import { Switch } from '@/components/ui/switch';

/**
 * Ajustes del negocio (decisions "Admin-only actions"): the tenant's settings, for admins only
 * (the caller renders it only for them; the server refuses employees anyway). One switch for now:
 * Recordatorios automáticos por correo (24 h antes). A change is saved at once, with a toast, carrying the
 * version of the settings shown; on failure the switch goes back and an error toast says why, and when
 * someone saved the settings meanwhile it shows Los datos han cambiado… and the current state.
 */
export function BusinessSettings() {
  const t = useTranslations('businessSettings');
  const { data, error, mutate } = useTenantSettings();
  const [saving, setSaving] = useState(false);
  const switchId = useId();
  const labelId = useId();
  const hintId = useId();
  const titleId = useId();

  const change = async (on: boolean) => {
    setSaving(true);
    try {
      // The version of the settings on screen: the switch was flipped from what it showed.
      const saved = await mutate(updateTenantSettings({ automatic_reminders: on, version: data?.version }), {
        optimisticData: (current) => ({ phone_countries: [], version: '', ...current, automatic_reminders: on }),
        rollbackOnError: true,
        revalidate: false,
      });
      toastSuccess(saved?.automatic_reminders ? t('remindersOn') : t('remindersOff'));
    } catch (err) {
      // Someone changed the settings meanwhile: the switch shows the current state and the click is not
      // applied again, since a switch is saved at once and the current state may already be what was wanted
      // (or a colleague's deliberate choice); the admin flips it again if still needed.
      const current = toastStale<TenantSettings>(err);
      if (current) await mutate(current, { revalidate: false });
      else toastError(t('saveError'), err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="business-settings" role="region" aria-labelledby={titleId}>
      <h2 id={titleId} className="business-settings-title">
        {t('title')}
      </h2>
      {error && !data ? (
        <p className="form-error" role="alert">
          {t('loadError')}
        </p>
      ) : (
        <div className="business-settings-row">
          <span className="business-settings-text">
            <label id={labelId} htmlFor={switchId} className="business-settings-label">
              {t('automaticReminders')}
            </label>
            <span id={hintId} className="business-settings-hint">
              {t('automaticRemindersHint')}
            </span>
          </span>
          <Switch
            id={switchId}
            labelledBy={labelId}
            describedBy={hintId}
            busy={saving || !data}
            disabled={!data || saving}
            checked={data?.automatic_reminders ?? false}
            onChange={(checked) => void change(checked)}
          />
        </div>
      )}
    </Card>
  );
}
