'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PlusIcon } from '@/components/ui/icons';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { deleteSpecialShift, scheduleConflictOf, type ConflictAppointment } from '@/lib/api-client/employees';
import { todayInMadrid } from '@/lib/domain/time';
import { longDay } from '@/lib/format';
import type { Employee, SpecialShift } from '@/lib/validation/dto';
import { PageHeader } from './page-header';
import { ScheduleConflictDialog } from './schedule-conflict-dialog';
import { employeeHref } from './paths';
import { upcomingSpecials } from './schedule-draft';
import { SpecialList } from './schedule-view';
import { SpecialShiftDialog } from './special-shift-dialog';
import { MANAGEMENT_TOAST_MS } from './toast';
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
  const [today] = useState(() => todayInMadrid(Date.now()));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SpecialShift | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<ConflictAppointment[] | null>(null);

  const remove = async (force: boolean) => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteSpecialShift(employee.email, deleting.date, { force });
      toast.success(t('specialDeleted'), { duration: MANAGEMENT_TOAST_MS });
      setDeleting(null);
      setConflict(null);
    } catch (err) {
      // The weekly hours that return would leave pending appointments outside working hours.
      const appointments = force ? null : scheduleConflictOf(err);
      if (appointments) setConflict(appointments);
      else {
        setConflict(null);
        toast.error(t('specialDeleteError'), { description: errorMessageOf(err, '') || undefined, duration: MANAGEMENT_TOAST_MS });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader backHref={employeeHref(employee.email)} title={t('specialSchedules')} description={employee.name} />
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
            <TrashIcon />
          </button>
        )}
      />
      {creating && <SpecialShiftDialog employee={employee} today={today} onClose={() => setCreating(false)} />}
      <Dialog
        open={deleting !== null && conflict === null}
        onClose={() => !busy && setDeleting(null)}
        title={t('deleteTitle')}
        footer={
          <div className="dialog-actions">
            <Button block variant="danger" busy={busy} onClick={() => void remove(false)}>
              {t('delete')}
            </Button>
            <Button block variant="secondary" disabled={busy} onClick={() => setDeleting(null)}>
              {t('cancel')}
            </Button>
          </div>
        }
      >
        {deleting && <p>{t('deleteText', { date: longDay(deleting.date) })}</p>}
      </Dialog>
      <ScheduleConflictDialog
        appointments={conflict}
        busy={busy}
        onKeep={() => void remove(true)}
        onClose={() => {
          setConflict(null);
          setDeleting(null);
        }}
      />
    </>
  );
}

/** A waste bin. */
function TrashIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
