'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { deleteSpecialShift } from '@/lib/api-client/employees';
import { madridDate } from '@/lib/domain/time';
import { longDay } from '@/lib/format';
import type { Employee, SpecialShift } from '@/lib/validation/dto';
import { ScheduleConflictDialog } from './schedule-conflict-dialog';
import { employeeHref } from './paths';
import { upcomingSpecials } from './schedule-draft';
import { SpecialList } from './schedule-view';
import { SpecialShiftDialog } from './special-shift-dialog';
import { useScheduleChange } from './use-schedule-change';
import { WithEmployee } from './with-employee';

/**
 * Horarios especiales of a stylist (`/employees/{email}/edit/day-schedule`, spec section 2): the special
 * schedules from today on (date in long form, hours or Cerrado, note), each with Eliminar (asked for
 * confirmation; toast Horario eliminado / Error al eliminar el horario), and Nuevo horario especial.
 */
export function SpecialSchedules({ email }: { email: string }) {
  return <WithEmployee email={email}>{(employee) => <Specials employee={employee} />}</WithEmployee>;
}

function Specials({ employee }: { employee: Employee }) {
  const t = useTranslations('employees');
  const [today] = useState(() => madridDate(Date.now()));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SpecialShift | null>(null);
  // A conflict: the weekly hours that return would leave pending appointments outside working hours.
  const removal = useScheduleChange({
    send: (force) => (deleting ? deleteSpecialShift(employee.email, deleting.date, { force }) : Promise.reject(new Error('nothing to delete'))),
    done: t('specialDeleted'),
    failed: t('specialDeleteError'),
    onDone: () => setDeleting(null),
  });
  const { busy, conflict } = removal;
  const remove = (force: boolean) => {
    if (deleting) void removal.run(force);
  };

  return (
    <>
      <PageHeader fallbackHref={employeeHref(employee.email)} title={t('specialSchedules')} description={employee.name} />
      <Button block onClick={() => setCreating(true)}>
        <PlusIcon size={18} />
        {t('newSpecial')}
      </Button>
      <SpecialList
        items={upcomingSpecials(employee.special_shifts, today)}
        action={(item) => (
          <button
            type="button"
            className="icon-btn special-delete"
            aria-label={t('deleteSpecial', { date: longDay(item.date) })}
            onClick={() => setDeleting(item)}
          >
            <TrashIcon size={22} />
          </button>
        )}
      />
      {creating && <SpecialShiftDialog employee={employee} today={today} onClose={() => setCreating(false)} />}
      <Dialog
        open={deleting !== null && conflict === null}
        onClose={() => !busy && setDeleting(null)}
        title={t('deleteTitle')}
        footer={
          <DialogActions
            variant="danger"
            confirmLabel={t('delete')}
            cancelLabel={t('cancel')}
            busy={busy}
            onConfirm={() => remove(false)}
            onCancel={() => setDeleting(null)}
          />
        }
      >
        {deleting && <p>{t('deleteText', { date: longDay(deleting.date) })}</p>}
      </Dialog>
      <ScheduleConflictDialog
        appointments={conflict}
        busy={busy}
        onKeep={() => remove(true)}
        onClose={() => {
          removal.closeConflict();
          setDeleting(null);
        }}
      />
    </>
  );
}
