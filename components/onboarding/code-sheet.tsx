'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { BottomSheet } from '@/components/ui/bottom-sheet';
import { Button } from '@/components/ui/button';
import { useSecondsUntil } from '@/components/ui/use-seconds-until';
import { CODE_LENGTH, CodeInput } from './code-input';

/** Seconds before a new code may be requested (spec section 9). */
export const RESEND_SECONDS = 30;

export type CodeSheetProps = {
  open: boolean;
  onClose: () => void;
  /** The number the code went to, for the explanation text. */
  phone: string;
  /** False until a code has been requested. */
  requested: boolean;
  /** Epoch ms from which Reenviar código is enabled. */
  resendAt: number;
  /** Verifies the code (and finishes the onboarding); resolves with an error message, or null on success. */
  onVerify: (code: string) => Promise<string | null>;
  /** Requests a new code; resolves with an error message, or null on success. */
  onResend: () => Promise<string | null>;
};

/**
 * Bottom sheet Verificación de código (spec section 2): six single-digit boxes, Verificar, and
 * Reenviar código once the 30-second countdown (Espera N segundos) is over. Errors are announced inline.
 */
export function CodeSheet({ open, onClose, phone, requested, resendAt, onVerify, onResend }: CodeSheetProps) {
  const t = useTranslations('onboarding');
  const [digits, setDigits] = useState<string[]>(() => Array(CODE_LENGTH).fill(''));
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const secondsLeft = useSecondsUntil(resendAt);
  const errorId = useId();

  const verify = async () => {
    const code = digits.join('');
    if (!requested) return setError(t('sendFirst'));
    // The rule of ZPhoneCode (lib/validation/users), without shipping zod to the page.
    if (!/^\d{6}$/.test(code)) return setError(t('codeLength'));
    setError(null);
    setVerifying(true);
    const failure = await onVerify(code);
    // On success the page navigates away; keep the button busy until then.
    if (failure) {
      setVerifying(false);
      setError(failure);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    const failure = await onResend();
    setResending(false);
    if (failure) setError(failure);
    else setDigits(Array(CODE_LENGTH).fill(''));
  };

  return (
    <BottomSheet open={open} onClose={onClose} title={t('codeTitle')}>
      <form
        className="code-form"
        onSubmit={(e) => {
          e.preventDefault();
          void verify();
        }}
        noValidate
      >
        <p className="muted">{t('codeText', { phone })}</p>
        <CodeInput
          digits={digits}
          onChange={(next) => {
            setDigits(next);
            setError(null);
          }}
          disabled={verifying}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
        <p id={errorId} className="form-error" role="alert" aria-live="assertive">
          {error}
        </p>
        <Button type="submit" block busy={verifying}>
          {t('verify')}
        </Button>
        <div className="resend">
          <Button variant="ghost" onClick={() => void resend()} disabled={secondsLeft > 0 || verifying} busy={resending}>
            {t('resend')}
          </Button>
          {secondsLeft > 0 && (
            <span className="muted">
              {t('wait', { seconds: secondsLeft })}
            </span>
          )}
        </div>
      </form>
    </BottomSheet>
  );
}
