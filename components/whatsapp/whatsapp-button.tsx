'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { toastError } from '@/components/ui/toast';
import { openWhatsApp } from '@/lib/api-client/whatsapp';
import type { WhatsAppMessage } from '@/lib/validation/whatsapp';

/**
 * "WhatsApp" (beyond-the-spec section 5, click to chat): opens the salon's message about the appointment in
 * WhatsApp, in a new tab, the text typed in for staff to send. A refusal (no phone, a cancelled appointment)
 * shows in a toast with the server's Spanish message. `onOpened`: after the link opened (e.g. to show "Abierto").
 */
export function WhatsAppButton({ appointmentId, onOpened, block = true }: { appointmentId: string; onOpened?: (m: WhatsAppMessage) => void; block?: boolean }) {
  const t = useTranslations('whatsapp');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      block={block}
      busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          onOpened?.(await openWhatsApp(appointmentId));
        } catch (err) {
          toastError(t('error'), err);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('open')}
    </Button>
  );
}
