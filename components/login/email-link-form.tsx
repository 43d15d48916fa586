'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useSecondsUntil } from '@/components/ui/use-seconds-until';
import { useLoaded, useZodForm } from '@/components/ui/use-zod-form';
import { requestEmailLink } from '@/lib/api-client/auth';
import { ApiClientError, errorMessageOf } from '@/lib/api-client/fetcher';

/** Seconds before "Reenviar enlace" is offered again (the server's per-address limit still applies). */
export const RESEND_SECONDS = 60;

/** The contract's e-mail field, loaded after the first view: zod stays out of /login's first-load JavaScript. */
const loadEmailSchema = () => import('@/lib/validation/auth').then((m) => m.ZEmailLinkRequest.pick({ email: true }));

/** The instant (epoch ms) `seconds` from now; called from event handlers only. */
const secondsFromNow = (seconds: number) => Date.now() + seconds * 1000;

/**
 * "Recibir un enlace por correo" on the login page (beyond-the-spec §1): an e-mail field and a button;
 * once sent, "Te hemos enviado un enlace a {email}…" with "Reenviar enlace" after a countdown, and
 * "Usar otro correo". A refused request shows why (invalid address, or the wait of the limit in minutes).
 * `next`: a validated same-origin path to return to after signing in, sent along with the request;
 * `holdId`: the visitor's hold of an hour (`POST /holds`), which the account takes over when the link is opened.
 */
export function EmailLinkForm({ next, holdId }: { next?: string; holdId?: string }) {
  const t = useTranslations('login');
  const form = useZodForm(useLoaded(loadEmailSchema), { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const secondsLeft = useSecondsUntil(resendAt);
  const statusRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (sentTo) statusRef.current?.focus();
  }, [sentTo]);

  /** Sends the request; returns whether the server accepted it. */
  const send = async (email: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await requestEmailLink({ email, ...(next ? { next } : {}), ...(holdId ? { hold_id: holdId } : {}) });
      setResendAt(secondsFromNow(RESEND_SECONDS));
      return true;
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 429) {
        const seconds = err.retryAfter ?? 60;
        setError(t('emailLinkWait', { minutes: Math.max(1, Math.ceil(seconds / 60)) }));
        setResendAt(secondsFromNow(seconds));
      } else setError(errorMessageOf(err, t('emailLinkError')));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = form.handleSubmit(async ({ email }) => {
    if (await send(email)) {
      setResent(false);
      setSentTo(email);
    }
  }, busy);

  if (sentTo) {
    return (
      <section className="login-email" aria-labelledby="email-link-title">
        <h2 id="email-link-title" className="login-email-title">
          {t('emailLinkTitle')}
        </h2>
        <p ref={statusRef} className="login-email-sent" role="status" tabIndex={-1}>
          {t('emailLinkSent', { email: sentTo })}
        </p>
        <p className="field-hint">{t('emailLinkSpam')}</p>
        {resent && !error && (
          <p className="field-hint" role="status">
            {t('emailLinkResent')}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <Button
          variant="secondary"
          block
          busy={busy}
          disabled={secondsLeft > 0}
          aria-describedby={secondsLeft > 0 ? 'email-link-wait' : undefined}
          onClick={async () => setResent(await send(sentTo))}
        >
          {t('emailLinkResend')}
        </Button>
        {secondsLeft > 0 && !error && (
          <p id="email-link-wait" className="field-hint">
            {t('emailLinkResendIn', { seconds: secondsLeft })}
          </p>
        )}
        <Button
          variant="ghost"
          block
          onClick={() => {
            setSentTo(null);
            setError(null);
          }}
        >
          {t('emailLinkOther')}
        </Button>
      </section>
    );
  }

  const message = form.shown('email');
  return (
    <form className="login-email" onSubmit={submit} noValidate aria-labelledby="email-link-title">
      <h2 id="email-link-title" className="sr-only">
        {t('emailLinkTitle')}
      </h2>
      <Field id={form.id('email')} label={t('emailLabel')} message={message}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="send"
            required
            maxLength={254}
            placeholder={t('emailPlaceholder')}
            {...form.input('email')}
          />
        )}
      </Field>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" block busy={busy} disabled={busy || secondsLeft > 0 || !form.ready}>
        {t('emailLinkSend')}
      </Button>
      {secondsLeft > 0 && error && (
        <p className="field-hint">{t('emailLinkResendIn', { seconds: secondsLeft })}</p>
      )}
    </form>
  );
}
