'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslations } from 'next-intl';
import type { ToasterProps } from 'sonner';
import { innermostModal, subscribeModals } from './modal-layer';

type SonnerToaster = (typeof import('sonner'))['Toaster'];

/**
 * sonner's Toaster, loaded right after the first view (with the module the toasts of components/ui/toast.ts
 * use), so no page carries it in its first-load JavaScript and it is there before the first action's
 * answer, offline too. While a modal dialog is open it renders inside the innermost one: a modal `<dialog>`
 * draws in the top layer over the rest of the page (and makes it inert), so toasts outside it would sit
 * under its scrim. Toasts already shown carry over when it moves (sonner replays the active toasts to a new
 * Toaster). Takes the Toaster's props; its landmark is named in Spanish ("Notificaciones").
 */
export function Toaster(props: ToasterProps) {
  const t = useTranslations('common');
  const modal = useSyncExternalStore(subscribeModals, innermostModal, () => null);
  const [Sonner, setSonner] = useState<SonnerToaster | null>(null);
  useEffect(() => {
    void import('sonner').then(
      (m) => setSonner(() => m.Toaster),
      () => undefined,
    );
  }, []);
  if (!Sonner) return null;
  const toaster = <Sonner key={modal ? 'modal' : 'page'} containerAriaLabel={t('notifications')} {...props} />;
  return modal ? createPortal(toaster, modal) : toaster;
}
