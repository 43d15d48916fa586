'use client';

import { useSyncExternalStore, type ComponentProps } from 'react';
import { createPortal } from 'react-dom';
import { useTranslations } from 'next-intl';
import { Toaster as SonnerToaster } from 'sonner';
import { innermostModal, subscribeModals } from './modal-layer';

/**
 * sonner's Toaster, part of the shell bundle so a toast shows even when the network is gone. While a modal
 * dialog is open it renders inside the innermost one: a modal `<dialog>` draws in the top layer over the
 * rest of the page (and makes it inert), so toasts outside it would sit under its scrim. Toasts already
 * shown carry over when it moves (sonner replays the active toasts to a new Toaster). Takes the Toaster's
 * props; its landmark is named in Spanish ("Notificaciones").
 */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const t = useTranslations('common');
  const modal = useSyncExternalStore(subscribeModals, innermostModal, () => null);
  const toaster = <SonnerToaster key={modal ? 'modal' : 'page'} containerAriaLabel={t('notifications')} {...props} />;
  return modal ? createPortal(toaster, modal) : toaster;
}
