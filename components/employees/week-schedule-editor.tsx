'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EditForm } from '@/components/ui/edit-form';
import { PageHeader, useBack } from '@/components/ui/page-header';
import { updateEmployee } from '@/lib/api-client/employees';
import { openingHours } from '@/lib/format';
import type { Employee } from '@/lib/validation/dto';
import { CopyDaysDialog } from './copy-days-dialog';
import { employeeHref } from './paths';
import { ScheduleConflictDialog } from './schedule-conflict-dialog';
import { useVersionedDraft } from '@/components/ui/use-versioned-draft';
import {
  copyDay,
  dayMinutes,
  displayOrder,
  draftWeek,
  keepDraftWeek,
  sameWeek,
  setAvailable,
  weekPayload,
  weekValid,
  type DraftDay,
} from './schedule-draft';
import { ShiftRows } from './shift-rows';
import { Switch } from '@/components/ui/switch';
import { useScheduleChange } from './use-schedule-change';
import { WithEmployee } from './with-employee';

/**
 * Horario semanal of a stylist (`/employees/{email}/edit/week-schedule`, spec sections 2 and 5): a card per
 * day, Monday first, with the availability switch, the shifts (each start after the previous end), the
 * day's total and Copiar a otros días. Guardar is enabled only when the week changed and is valid
 * (ZWeekShifts). A change that leaves pending appointments outside working hours answers 409: the
 * dialog lists them and Mantener el cambio resends with `force: true`. The save carries the version the week
 * was loaded with: when someone saved the stylist meanwhile, the 409 shows Los datos han cambiado… and the
 * week becomes the current one with this person's changed days kept on top (`keepDraftWeek`).
 */
export function WeekScheduleEditor({ email }: { email: string }) {
  return <WithEmployee email={email}>{(employee) => <WeekForm employee={employee} />}</WithEmployee>;
}

function WeekForm({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  const back = useBack(employeeHref(employee.email));
  const {
    loaded: initial,
    version,
    draft: days,
    setDraft: setDays,
    handleStale,
  } = useVersionedDraft(employee, (e) => draftWeek(e.week_shifts), keepDraftWeek);
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  const save = useScheduleChange({
    send: (force) => updateEmployee(employee.email, { week_shifts: weekPayload(days), version, ...(force ? { force: true } : {}) }),
    done: t('weekUpdated'),
    failed: t('weekError'),
    onDone: back,
    leaves: true,
    stale: handleStale,
  });

  const changed = !sameWeek(days, initial);
  const valid = weekValid(days);
  const canSave = changed && valid && !save.busy;

  const updateDay = (id: number, change: (d: DraftDay) => DraftDay) => setDays((all) => all.map((d) => (d.id === id ? change(d) : d)));

  return (
    <>
      <PageHeader fallbackHref={employeeHref(employee.email)} title={t('weekSchedule')} description={employee.name} />
      <EditForm
        onSave={() => {
          if (canSave) void save.run(false);
        }}
        saveLabel={t('save')}
        disabled={!canSave}
        busy={save.busy && save.conflict === null}
      >
        {displayOrder(days).map((day) => (
          <DayCard
            key={day.id}
            day={day}
            onChange={(change) => updateDay(day.id, change)}
            onCopy={() => setCopyFrom(day.id)}
          />
        ))}
      </EditForm>
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
        appointments={save.conflict}
        busy={save.busy}
        onKeep={() => void save.run(true)}
        onClose={save.closeConflict}
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
