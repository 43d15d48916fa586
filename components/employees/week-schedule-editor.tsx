'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { scheduleConflictOf, updateEmployee, type ConflictAppointment } from '@/lib/api-client/employees';
import { openingHours } from '@/lib/format';
import type { Employee } from '@/lib/validation/dto';
import { CopyDaysDialog } from './copy-days-dialog';
import { PageHeader, useBack } from './page-header';
import { employeeHref } from './paths';
import { ScheduleConflictDialog } from './schedule-conflict-dialog';
import { copyDay, dayMinutes, displayOrder, draftWeek, sameWeek, setAvailable, weekPayload, weekValid, type DraftDay } from './schedule-draft';
import { ShiftRows } from './shift-rows';
import { Switch } from './switch';
import { MANAGEMENT_TOAST_MS } from './toast';
import { WithEmployee } from './with-employee';

/**
 * Horario semanal of a stylist (`/employees/{email}/edit/week-schedule`, spec sections 2 and 5): a card per
 * day, Monday first, with the availability switch, the shifts (each start after the previous end), the
 * day's total and Copiar a otros días. Guardar is enabled only when the week changed and is valid
 * (ZWeekShifts). A change that leaves pending appointments outside working hours answers 409: the
 * dialog lists them and Mantener el cambio resends with `force: true`.
 */
export function WeekScheduleEditor({ email }: { email: string }) {
  return <WithEmployee email={email}>{(employee) => <WeekForm employee={employee} />}</WithEmployee>;
}

function WeekForm({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  const back = useBack(employeeHref(employee.email));
  const [initial] = useState<DraftDay[]>(() => draftWeek(employee.week_shifts));
  const [days, setDays] = useState<DraftDay[]>(initial);
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  const [conflict, setConflict] = useState<ConflictAppointment[] | null>(null);
  const [saving, setSaving] = useState(false);

  const changed = !sameWeek(days, initial);
  const valid = weekValid(days);
  const canSave = changed && valid && !saving;

  const updateDay = (id: number, change: (d: DraftDay) => DraftDay) => setDays((all) => all.map((d) => (d.id === id ? change(d) : d)));

  const save = async (force: boolean) => {
    if (!valid) return;
    setSaving(true);
    try {
      await updateEmployee(employee.email, { week_shifts: weekPayload(days), ...(force ? { force: true } : {}) });
      toast.success(t('weekUpdated'), { duration: MANAGEMENT_TOAST_MS });
      setConflict(null);
      back();
    } catch (err) {
      setSaving(false);
      const appointments = force ? null : scheduleConflictOf(err);
      if (appointments) {
        setConflict(appointments);
        return;
      }
      setConflict(null);
      toast.error(t('weekError'), { description: errorMessageOf(err, '') || undefined, duration: MANAGEMENT_TOAST_MS });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSave) void save(false);
  };

  return (
    <>
      <PageHeader backHref={employeeHref(employee.email)} title={t('weekSchedule')} description={employee.name} />
      <form className="editor" onSubmit={submit} noValidate>
        {displayOrder(days).map((day) => (
          <DayCard
            key={day.id}
            day={day}
            onChange={(change) => updateDay(day.id, change)}
            onCopy={() => setCopyFrom(day.id)}
          />
        ))}
        <div className="editor-actions">
          <Button type="submit" block disabled={!canSave} busy={saving && conflict === null}>
            {t('save')}
          </Button>
        </div>
      </form>
      {copyFrom !== null && (
        <CopyDaysDialog
          from={copyFrom}
          onClose={() => setCopyFrom(null)}
          onCopy={(targets) => {
            setDays((all) => copyDay(all, copyFrom, targets));
            setCopyFrom(null);
          }}
        />
      )}
      <ScheduleConflictDialog
        appointments={conflict}
        busy={saving}
        onKeep={() => void save(true)}
        onClose={() => setConflict(null)}
      />
    </>
  );
}

function DayCard({
  day,
  onChange,
  onCopy,
}: {
  day: DraftDay;
  onChange: (change: (d: DraftDay) => DraftDay) => void;
  onCopy: () => void;
}) {
  const t = useTranslations('employees');
  const ids = { title: useId(), available: useId() };
  const name = t(`days.${day.id}`);
  return (
    <Card className="day-card" role="group" aria-labelledby={ids.title}>
      <div className="day-card-head">
        <div className="day-card-title">
          <h2 id={ids.title}>{name}</h2>
          <span className="day-total">
            <span className="sr-only">{t('total')}: </span>
            {openingHours(dayMinutes(day))}
          </span>
        </div>
        <span className="switch-row">
          <span id={ids.available}>{t('available')}</span>
          <Switch checked={day.available} labelledBy={ids.available} onChange={(on) => onChange((d) => setAvailable(d, on))} />
        </span>
      </div>
      {day.available ? (
        <ShiftRows shifts={day.shifts} onChange={(shifts) => onChange((d) => ({ ...d, shifts }))} />
      ) : (
        <p className="day-closed">{t('closed')}</p>
      )}
      <div className="day-card-actions">
        <Button variant="ghost" onClick={onCopy}>
          {t('copy')}
        </Button>
      </div>
    </Card>
  );
}
