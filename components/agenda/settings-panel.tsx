'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmployeeAvatar } from '@/components/ui/employee-avatar';
import { orderResources, type AgendaEmployee, type AgendaView } from '@/lib/domain/agenda';

export type SettingsPanelProps = {
  open: boolean;
  onClose: () => void;
  view: AgendaView;
  hidden: ReadonlySet<string>;
  employees: AgendaEmployee[];
  myEmail: string;
  /** Aceptar: the chosen view and the stylists to hide. */
  onApply: (view: AgendaView, hidden: Set<string>) => void;
};

/** The Configuración side panel: Vista del calendario (Día / Semana), a toggle per stylist, Aceptar. */
export function SettingsPanel(props: SettingsPanelProps) {
  const t = useTranslations('agenda');
  return (
    <Dialog open={props.open} onClose={props.onClose} title={t('settings')} variant="left" className="agenda-settings">
      {/* Mounted per opening, so the draft starts from the applied settings each time. */}
      {props.open && <SettingsForm {...props} />}
    </Dialog>
  );
}

function SettingsForm({ view, hidden, employees, myEmail, onApply }: SettingsPanelProps) {
  const t = useTranslations('agenda');
  const [draftView, setDraftView] = useState<AgendaView>(view);
  const [draftHidden, setDraftHidden] = useState<Set<string>>(() => new Set(hidden));

  const toggle = (email: string, visible: boolean) =>
    setDraftHidden((prev) => {
      const next = new Set(prev);
      if (visible) next.delete(email);
      else next.add(email);
      return next;
    });

  return (
    <form
      className="agenda-settings-form"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draftView, draftHidden);
      }}
    >
      <fieldset className="agenda-fieldset">
        <legend>{t('calendarView')}</legend>
        <div className="segmented agenda-segmented">
          {(['day', 'week'] as const).map((v) => (
            <label key={v} className={draftView === v ? 'is-current' : undefined}>
              <input type="radio" name="agenda-view" value={v} checked={draftView === v} onChange={() => setDraftView(v)} />
              <span>{v === 'day' ? t('calendar.day') : t('calendar.week')}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="agenda-fieldset">
        <legend>{t('stylists')}</legend>
        <ul className="agenda-stylists">
          {orderResources(employees, myEmail).map((e) => {
            const id = `agenda-stylist-${e.email}`;
            return (
              <li key={e.email}>
                <EmployeeAvatar avatar={e.avatar} color={e.color} size={28} />
                <label htmlFor={id} className="agenda-stylist-name">
                  {e.name}
                </label>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  className="agenda-switch"
                  checked={!draftHidden.has(e.email)}
                  onChange={(ev) => toggle(e.email, ev.target.checked)}
                />
              </li>
            );
          })}
        </ul>
      </fieldset>

      <Button type="submit" block>
        {t('accept')}
      </Button>
    </form>
  );
}
