'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from './button';
import { modalClosed, modalOpened } from './modal-layer';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  /** `center` modal, `bottom` sheet or `left` slide-in panel. */
  variant?: 'center' | 'bottom' | 'left';
  className?: string;
};

/**
 * A modal on the native `<dialog>` element: focus is trapped and restored by the browser, Escape,
 * a click on the backdrop and the close button all call `onClose`. Content mounts only while open; an element
 * of it marked `data-autofocus` takes the focus on opening (else the browser's first focusable element).
 */
export function Dialog({ open, onClose, title, children, footer, variant = 'center', className }: DialogProps) {
  const t = useTranslations('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser focuses the first focusable element (the close button); content may name a better start.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
    // The toasts render inside the innermost open modal (components/ui/toaster.tsx).
    if (open) modalOpened(dialog);
    else modalClosed(dialog);
    return () => modalClosed(dialog);
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={['dialog', `dialog-${variant}`, className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the dialog element itself is a click on its backdrop.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="dialog-inner">
          <header className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            <button type="button" className="icon-btn" aria-label={t('close')} onClick={onClose}>
              <CloseIcon />
            </button>
          </header>
          <div className="dialog-content">{children}</div>
          {footer && <footer className="dialog-footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}

/** The × icon of close buttons. */
export function CloseIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export type DialogActionsProps = {
  /** The action's text (Añadir, Eliminar). */
  confirmLabel: string;
  cancelLabel: string;
  /** While the action runs: the action button shows its spinner and Cancelar is disabled. */
  busy: boolean;
  onCancel: () => void;
  /** Either the action (a plain button) … */
  onConfirm?: () => void;
  /** … or the id of the form the action button submits. */
  form?: string;
  variant?: 'primary' | 'danger';
  /** The action button is disabled (a required field is still empty). */
  disabled?: boolean;
};

/** A dialog's footer: the action button over Cancelar, both full width. */
export function DialogActions({ confirmLabel, cancelLabel, busy, onCancel, onConfirm, form, variant = 'primary', disabled = false }: DialogActionsProps) {
  return (
    <div className="dialog-actions">
      <Button type={form ? 'submit' : 'button'} form={form} block variant={variant} busy={busy} disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button block variant="secondary" disabled={busy} onClick={onCancel}>
        {cancelLabel}
      </Button>
    </div>
  );
}
