'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export type PrivacyDialogProps = {
  open: boolean;
  /** Closes without accepting (close button, Escape, backdrop). */
  onClose: () => void;
  /** Aceptar: the policy is accepted (the form ticks its checkbox) and the dialog closes. */
  onAccept: () => void;
  supportEmail: string;
};

/** The privacy policy (spec section 1): nine sections, the support e-mail, and an Aceptar button that accepts it. */
export function PrivacyDialog({ open, onClose, onAccept, supportEmail }: PrivacyDialogProps) {
  const t = useTranslations('privacy');
  const tc = useTranslations('common');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('title')}
      footer={
        <Button block onClick={onAccept}>
          {tc('accept')}
        </Button>
      }
    >
      <div className="privacy">
        <p className="muted">{t('updated')}</p>
        {SECTIONS.map((n) => (
          <section key={n}>
            <h3>{t(`s${n}Title`)}</h3>
            <p>{t(`s${n}`, { email: supportEmail })}</p>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
