'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { EmailLinkForm } from '@/components/login/email-link-form';
import { GoogleIcon } from '@/components/login/google-icon';
import { API_BASE_URL } from '@/lib/api-client/fetcher';
import { resumePath } from '@/lib/domain/next-path';
import { timeOf } from '@/lib/format';
import type { Hold } from '@/lib/validation/dto';

/**
 * "Confirmar" for a visitor (beyond-the-spec section 1): the hour is held, and the visitor chooses how to
 * identify: "Continuar con Google" (the OpenID sign-in, returning to the held booking) or "Recibir un
 * enlace por correo" (the link carries the hold, so it may be opened on another device). A new client then
 * completes onboarding; the booking finishes by itself on `/reservar/confirmar?hold=`.
 */
export function IdentifyDialog({ hold, onClose }: { hold: Hold; onClose: () => void }) {
  const t = useTranslations('visitor');
  const next = resumePath(hold.hold_id);
  return (
    <Dialog open onClose={onClose} title={t('identifyTitle')} variant="bottom" className="identify-dialog">
      <div className="identify">
        <p className="identify-held" role="status">
          {t('held', { time: timeOf(hold.expires_at) })}
        </p>
        <a className="btn btn-google btn-block" href={`${API_BASE_URL}/api/v1/auth/google?next=${encodeURIComponent(next)}`} data-autofocus>
          <GoogleIcon />
          <span>{t('google')}</span>
        </a>
        <p className="login-divider" aria-hidden="true">
          <span>{t('or')}</span>
        </p>
        <EmailLinkForm next={next} holdId={hold.hold_id} />
        <p className="field-hint">{t('newClient')}</p>
      </div>
    </Dialog>
  );
}
