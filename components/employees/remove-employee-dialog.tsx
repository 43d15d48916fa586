'use client';

import { useState } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { removalConflictOf, removeEmployee, type ConflictAppointment } from '@/lib/api-client/employees';
import type { Employee } from '@/lib/validation/dto';
import { EMPLOYEES_HREF } from './paths';
import { ConflictList } from './schedule-conflict-dialog';

export type RemoveEmployeeDialogProps = {
  employee: Employee;
  open: boolean;
  onClose: () => void;
};

/**
 * Eliminar empleado (admins only; decisions "Admin-only actions" and "Deleting"): asks first (past
 * appointments are kept, the person can no longer sign in). Removed: toast Empleado eliminado and the list
 * of stylists. While the stylist has pending appointments the server answers 409 with them: the dialog
 * lists them (date, time, client, service) and says they must be cancelled or moved first. Any other
 * failure: toast Error al eliminar el empleado with the server's message.
 */
export function RemoveEmployeeDialog({ employee, open, onClose }: RemoveEmployeeDialogProps) {
  const t = useTranslations('employees');
  const tc = useTranslations('common');
  const router = useAppRouter();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<ConflictAppointment[] | null>(null);

  const close = () => {
    if (busy) return;
    setPending(null);
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await removeEmployee(employee.email);
      toastSuccess(t('removed'));
      router.replace(EMPLOYEES_HREF);
    } catch (err) {
      setBusy(false);
      const appointments = removalConflictOf(err);
      if (appointments) {
        setPending(appointments);
        return;
      }
      toastError(t('removeError'), err);
      onClose();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('remove')}
      footer={
        pending ? (
          <div className="dialog-actions">
            <Button block variant="secondary" onClick={close}>
              {tc('close')}
            </Button>
          </div>
        ) : (
          <DialogActions
            variant="danger"
            confirmLabel={t('delete')}
            cancelLabel={t('cancel')}
            busy={busy}
            onConfirm={() => void confirm()}
            onCancel={close}
          />
        )
      }
    >
      {pending ? (
        <div className="special-form">
          <p role="alert">{t('removePending', { name: employee.name, count: pending.length })}</p>
          <ConflictList appointments={pending} label={t('pendingListLabel')} />
        </div>
      ) : (
        <p>{t('removeText', { name: employee.name })}</p>
      )}
    </Dialog>
  );
}
