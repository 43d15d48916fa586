'use client';

import { useId, useState, type ReactNode } from 'react';
import { Dialog, DialogActions } from './dialog';
import { toastError, toastSuccess } from './toast';

export type FormDialogState = {
  /** The id the form takes, so that the footer's action button submits it. */
  formId: string;
  saving: boolean;
  /**
   * Runs the request with the dialog busy: on success the toast `success`, then `done` with the answer;
   * on failure the toast `error` with the server's message, and the dialog stays open.
   */
  send: <T>(request: () => Promise<T>, messages: { success: string; error: string }, done: (result: T) => void) => Promise<void>;
  /** The form tells whether its required fields are filled: the submit button is disabled until they are. */
  setFilled: (filled: boolean) => void;
};

export type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  cancelLabel: string;
  /** The form (give it `formId`); it mounts only while the dialog is open. */
  children: (state: FormDialogState) => ReactNode;
};

/**
 * A form in a dialog (Añadir cliente, Añadir empleado): the form, then the submit button and Cancelar.
 * While the request runs the dialog cannot be closed; the submit button is disabled while the form reports
 * a required field empty (`setFilled`).
 */
export function FormDialog({ open, onClose, title, submitLabel, cancelLabel, children }: FormDialogProps) {
  const formId = useId();
  const [saving, setSaving] = useState(false);
  const [filled, setFilled] = useState(true);
  const close = () => {
    if (!saving) onClose();
  };
  const send: FormDialogState['send'] = async (request, messages, done) => {
    setSaving(true);
    try {
      const result = await request();
      setSaving(false);
      toastSuccess(messages.success);
      done(result);
    } catch (err) {
      setSaving(false);
      toastError(messages.error, err);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      footer={
        <DialogActions form={formId} confirmLabel={submitLabel} cancelLabel={cancelLabel} busy={saving} disabled={!filled} onCancel={close} />
      }
    >
      {children({ formId, saving, send, setFilled })}
    </Dialog>
  );
}
