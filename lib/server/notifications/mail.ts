import 'server-only';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { MINUTE_MS } from '@/lib/domain/time';
import { env } from '@/lib/server/env';

/** What the outbox worker needs of a mail transport: nodemailer's `sendMail` (and `close` when pooled). */
export type MailTransport = {
  sendMail(mail: SendMailOptions): Promise<unknown>;
  close?(): void;
};

/**
 * A nodemailer SMTP transport for a URL (`smtp://user:pass@host:port`, `smtps://…`), pooled so a batch of
 * messages reuses a few connections, with timeouts well under the worker's claim (a hung server fails
 * the attempt instead of holding the row).
 */
export function smtpTransport(url: string): MailTransport {
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: MINUTE_MS,
  });
}

/** Development fallback without SMTP_URL: logs each e-mail (recipient, subject, text) instead of sending it. */
export function logTransport(log: (line: string) => void = console.log): MailTransport {
  return {
    async sendMail(mail) {
      const files = (mail.attachments ?? []).map((a) => a.filename).join(', ');
      log(
        `[klok] e-mail (no SMTP_URL: logged, not sent) to ${String(mail.to)}: ${String(mail.subject)}` +
          (files ? ` [adjuntos: ${files}]` : '') +
          `\n${String(mail.text ?? '')}`,
      );
      return { logged: true };
    },
  };
}

/**
 * The process's transport: SMTP when `SMTP_URL` is set (`npm start` points it at the local mail catcher
 * when none is configured), otherwise the logging fallback; production without SMTP_URL warns once.
 */
export function createMailTransport(): MailTransport {
  const { SMTP_URL, NODE_ENV } = env();
  if (SMTP_URL) return smtpTransport(SMTP_URL);
  if (NODE_ENV === 'production') {
    console.warn('[klok] WARNING: SMTP_URL is not set: e-mails are not sent, only written to the log.');
  }
  return logTransport();
}

/** The sender of every e-mail (`MAIL_FROM`). */
export function mailFrom(): string {
  return env().MAIL_FROM;
}
