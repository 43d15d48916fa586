'use client';

import { useId, type ReactNode } from 'react';
import { Button } from './button';

export type EditFormProps = {
  /** Called on submit (Enter or the button); the default submission is prevented. */
  onSave: () => void;
  /** The submit button's text (Guardar, Crear servicio). */
  saveLabel: string;
  busy?: boolean;
  disabled?: boolean;
  /**
   * What keeps the form from being saved (Faltan campos por rellenar …), announced politely and
   * describing the button; pass `''` while there is nothing to say, leave it out for no message area.
   */
  message?: string;
  children: ReactNode;
};

/**
 * An editing form (new/edit service, the stylist editors): its fields, then the save bar with the submit
 * button, kept in reach at the bottom of the screen while the form scrolls. Validation is the caller's
 * (the contract's schemas), so the browser's is off.
 */
export function EditForm({ onSave, saveLabel, busy = false, disabled = false, message, children }: EditFormProps) {
  const messageId = useId();
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      {children}
      <div className="save-bar">
        {message !== undefined && (
          <p id={messageId} className="form-error save-bar-message" aria-live="polite">
            {message}
          </p>
        )}
        <Button type="submit" block busy={busy} disabled={disabled} aria-describedby={message ? messageId : undefined}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
