import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { CaughtMail } from '@/lib/server/dev-mail';
import { dateTimeLabel } from './mail-date';
import './mail.css';

/**
 * One caught e-mail: headers, the plain text, the HTML (already sanitized) in an iframe sandboxed with no
 * permissions at all (no scripts, no same origin, no navigation), and the attachments as download links
 * (an `.ics` opens in the phone's calendar).
 */
export async function MailMessage({ mail }: { mail: CaughtMail }) {
  const t = await getTranslations('emails');
  return (
    <article className="mail-message">
      <p>
        <Link href="/mail">{t('mailBack')}</Link>
      </p>
      <h2 className="mail-subject">{mail.subject || t('mailNoSubject')}</h2>
      <dl className="mail-headers">
        <dt>{t('mailDate')}</dt>
        <dd>{mail.date ? dateTimeLabel(mail.date) : ''}</dd>
        <dt>{t('mailTo')}</dt>
        <dd>{mail.to}</dd>
      </dl>
      {mail.attachments.length > 0 && (
        <section>
          <h3>{t('mailAttachments')}</h3>
          <ul className="mail-attachments">
            {mail.attachments.map((a, i) => (
              <li key={i}>
                <a href={a.href} download={a.filename || undefined} type={a.contentType}>
                  {a.filename}
                </a>{' '}
                <small>
                  ({a.contentType}, {a.size} B)
                </small>
              </li>
            ))}
          </ul>
        </section>
      )}
      {mail.html !== null && (
        <section>
          <h3>{t('mailHtml')}</h3>
          <iframe className="mail-html" title={mail.subject} sandbox="" srcDoc={mail.html} referrerPolicy="no-referrer" />
        </section>
      )}
      <section>
        <h3>{t('mailText')}</h3>
        <pre className="mail-text">{mail.text}</pre>
      </section>
    </article>
  );
}
