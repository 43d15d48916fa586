'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** The privacy policy (spec section 1): nine sections, the support e-mail, and an Aceptar button. */
export function PrivacyDialog({ open, onClose, supportEmail }: { open: boolean; onClose: () => void; supportEmail: string }) {
  const t = useTranslations('privacy');
  const tc = useTranslations('common');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('title')}
      footer={
        <Button block onClick={onClose}>
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
