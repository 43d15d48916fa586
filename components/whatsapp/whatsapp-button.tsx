'use client';

import { useTranslations } from 'next-intl';

/**
 * "WhatsApp" (beyond-the-spec section 5, click to chat): a link, opened in a new tab, to `/whatsapp/{id}`, which
 * records the opening and goes on to `wa.me` with the salon's message about the appointment typed in for staff
 * to send (or says why it cannot). A plain link, so no pop-up blocker stops it. `onOpened`: at the click (e.g. to
 * show "Abierto").
 */
export function WhatsAppButton({ appointmentId, onOpened, block = true }: { appointmentId: string; onOpened?: () => void; block?: boolean }) {
  const t = useTranslations('whatsapp');
  return (
    <a
      href={`/whatsapp/${encodeURIComponent(appointmentId)}`}
      target="_blank"
      rel="noopener"
      className={`btn btn-secondary${block ? ' btn-block' : ''}`}
      onClick={() => onOpened?.()}
    >
      {t('open')}
    </a>
  );
}
