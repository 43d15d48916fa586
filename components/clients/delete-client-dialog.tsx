'use client';

import { useState } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { deleteClient } from '@/lib/api-client/clients';
import type { UserDetail } from '@/lib/validation/dto';
import { CLIENTS_HREF } from './paths';

export type DeleteClientDialogProps = {
  client: UserDetail;
  open: boolean;
  onClose: () => void;
};

/**
 * Eliminar cliente (admins only; decisions "Admin-only actions" and "Deleting"): asks first, explaining
 * that the personal data are erased or anonymised, that the pending appointments (how many) are cancelled
 * and the client is notified by e-mail, and that past appointments stay under an anonymous name. Deleted:
 * toast Cliente eliminado and back to the list; a failure: toast Error al eliminar el cliente with the
 * server's message.
 */
export function DeleteClientDialog({ client, open, onClose }: DeleteClientDialogProps) {
  const t = useTranslations('clients');
  const router = useAppRouter();
  const [busy, setBusy] = useState(false);
  const pending = client.history?.pending.length ?? client.pending_appointments.length;

  const close = () => {
    if (!busy) onClose();
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteClient(client.email);
      toastSuccess(t('deleted'));
      router.replace(CLIENTS_HREF);
    } catch (err) {
      setBusy(false);
      toastError(t('deleteError'), err);
      onClose();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('deleteTitle')}
      footer={
        <DialogActions
          variant="danger"
          confirmLabel={t('deleteConfirm')}
          cancelLabel={t('cancel')}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={close}
        />
      }
    >
      <div className="client-delete-text">
        <p>{t('deleteText', { name: client.name || client.email })}</p>
        <p>{t('deletePending', { count: pending })}</p>
        <p className="muted">{t('deleteIrreversible')}</p>
      </div>
    </Dialog>
  );
}
