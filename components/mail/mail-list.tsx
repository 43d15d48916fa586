import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { CaughtMailSummary } from '@/lib/server/dev-mail';
import { dateTimeLabel } from './mail-date';
import './mail.css';

/** The caught e-mails, newest first: date, recipient and subject; each opens the message. */
export async function MailList({ items }: { items: CaughtMailSummary[] }) {
  const t = await getTranslations('emails');
  if (items.length === 0) return <p className="mail-empty">{t('mailEmpty')}</p>;
  return (
    <table className="mail-table">
      <thead>
        <tr>
          <th scope="col">{t('mailDate')}</th>
          <th scope="col">{t('mailTo')}</th>
          <th scope="col">{t('mailSubject')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((m) => (
          <tr key={m.id}>
            <td className="mail-date">{m.date ? dateTimeLabel(m.date) : ''}</td>
            <td>{m.to}</td>
            <td>
              <Link href={`/mail?id=${encodeURIComponent(m.id)}`}>{m.subject || t('mailNoSubject')}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
