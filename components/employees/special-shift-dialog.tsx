'use client';

import { useId, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import { lastStaffDate } from '@/components/booking/date-rules';
import { MonthCalendar } from '@/components/booking/month-calendar';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { createSpecialShift } from '@/lib/api-client/employees';
import { weekdayOf } from '@/lib/domain/time';
import { longDay } from '@/lib/format';
import type { Employee } from '@/lib/validation/dto';
import { ScheduleConflictDialog } from './schedule-conflict-dialog';
import { setAvailable, specialPayload, specialValid, weeklyShiftsOn, type SpecialDraft } from './schedule-draft';
import { ShiftRows } from './shift-rows';
import { Switch } from '@/components/ui/switch';
import { useScheduleChange } from './use-schedule-change';
import '@/components/booking/booking.css';

export type SpecialShiftDialogProps = {
  employee: Employee;
  /** Today's Madrid date. */
  today: string;
  onClose: () => void;
};

/**
 * Nuevo horario especial (spec sections 2 and 5): the date (required; past dates and dates that already
 * have one are disabled), Disponible, the shifts when available (at least one, each valid, each start
 * after the previous end) and an optional note. Crear horario is enabled only when valid
 * (ZSpecialShiftCreate); a closed day over pending appointments answers 409 and the conflict dialog
 * lets staff keep it (`force: true`). Mounted only while open.
 */
export function SpecialShiftDialog({ employee, today, onClose }: SpecialShiftDialogProps) {
  const t = useTranslations('employees');
  const ids = { available: useId(), note: useId(), date: useId() };
  const taken = useMemo(() => new Set(employee.special_shifts.map((s) => s.date)), [employee.special_shifts]);
  const [draft, setDraft] = useState<SpecialDraft>({ date: null, available: false, shifts: [], notes: '' });

  const valid = specialValid(draft, today, taken);
  const body = valid ? specialPayload(draft) : null;
  const save = useScheduleChange({
    // Only sent while valid (`create` checks); without a body there is nothing to send.
    send: (force) => (body ? createSpecialShift(employee.email, force ? { ...body, force: true } : body) : Promise.reject(new Error('invalid'))),
    done: t('specialCreated'),
    failed: t('specialCreateError'),
    onDone: onClose,
    leaves: true,
  });
  const create = (force: boolean) => {
    if (body) void save.run(force);
  };

  const switchAvailable = (on: boolean) =>
    setDraft((d) => {
      const weekly = d.date ? weeklyShiftsOn(employee.week_shifts, weekdayOf(d.date)) : [];
      const day = setAvailable({ id: 0, available: d.available, shifts: d.shifts }, on, weekly);
      return { ...d, available: day.available, shifts: day.shifts };
    });

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={t('newSpecial')}
        footer={
          <div className="dialog-actions">
            <Button block disabled={!valid} busy={save.busy && save.conflict === null} onClick={() => create(false)}>
              {t('createSpecial')}
            </Button>
            <Button block variant="secondary" onClick={onClose}>
              {t('cancel')}
            </Button>
          </div>
        }
      >
        <div className="special-form">
          <section className="fieldset" aria-labelledby={ids.date}>
            <h3 id={ids.date} className="field-label">
              {t('date')}
            </h3>
            <MonthCalendar
              value={draft.date ?? undefined}
              onChange={(date) => setDraft((d) => ({ ...d, date }))}
              min={today}
              max={lastStaffDate(today)}
              today={today}
              isDisabled={(date) => taken.has(date)}
            />
            <p className="chosen-date" aria-live="polite">
              {draft.date ? longDay(draft.date) : <span className="muted">{t('chooseDate')}</span>}
            </p>
          </section>

          <span className="switch-row">
            <Switch checked={draft.available} labelledBy={ids.available} onChange={switchAvailable} />
            <span id={ids.available}>{t('available')}</span>
          </span>
          {draft.available ? (
            <ShiftRows shifts={draft.shifts} onChange={(shifts) => setDraft((d) => ({ ...d, shifts }))} />
          ) : (
            <p className="day-closed">{t('closedHint')}</p>
          )}

          <Field id={ids.note} label={t('note')}>
            {(control) => (
              <textarea
                {...control}
                className="input textarea"
                rows={5}
                maxLength={500}
                placeholder={t('notePlaceholder')}
                value={draft.notes}
                onChange={(e) => setDraft((d) => ({ ...d, notes: e.target.value }))}
              />
            )}
          </Field>
        </div>
      </Dialog>
      <ScheduleConflictDialog
        appointments={save.conflict}
        busy={save.busy}
        onKeep={() => create(true)}
        onClose={save.closeConflict}
      />
    </>
  );
}
