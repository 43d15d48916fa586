'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { updateClient } from '@/lib/api-client/clients';
import type { WhatsAppConsent as Consent } from '@/lib/validation/dto';

/**
 * A client's WhatsApp messages from the salon's number (beyond-the-spec section 5) on its detail, for staff:
 * WhatsApp: sí, WhatsApp: dado de baja (the client replied BAJA, or staff turned it off) or WhatsApp: número
 * no válido (the Cloud API refused the number; a new verified phone clears it), and a button that turns the
 * messages off or back on (`whatsapp_opt_out` on `PATCH /users/{email}`).
 */
export function WhatsAppConsent({ email, consent }: { email: string; consent: Consent }) {
  const t = useTranslations('clients.whatsapp');
  const [saving, setSaving] = useState(false);
  const optedOut = consent.opted_out_at !== null;
  const status = optedOut ? t('optedOut') : consent.invalid_at !== null ? t('invalid') : t('active');

  const toggle = async () => {
    setSaving(true);
    try {
      await updateClient(email, { whatsapp_opt_out: !optedOut });
      toastSuccess(optedOut ? t('optedInToast') : t('optedOutToast'));
    } catch (err) {
      toastError(t('error'), err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="client-whatsapp-consent">
      <p className="client-whatsapp-status">{status}</p>
      <Button variant="secondary" className="btn-compact" busy={saving} onClick={() => void toggle()}>
        {optedOut ? t('optIn') : t('optOut')}
      </Button>
    </div>
  );
}
