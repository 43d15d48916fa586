import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MailList } from '@/components/mail/mail-list';
import { MailMessage } from '@/components/mail/mail-message';
import { PageHeader } from '@/components/ui/page-header';
import { devMailDir, listCaughtMail, readCaughtMail } from '@/lib/server/dev-mail';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('emails');
  return { title: t('mailTitle') };
}

/**
 * Correo de prueba (`/mail`, issue 8): the e-mails the local mail catcher received, for staff (the staff
 * layout checks the session). A 404 unless the catcher runs (scripts/start.ts sets DEV_MAIL_DIR).
 * `?id=` opens one message.
 */
export default async function MailPage({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const dir = devMailDir();
  if (!dir) notFound();
  const t = await getTranslations('emails');
  const { id } = await searchParams;
  if (typeof id === 'string') {
    const mail = await readCaughtMail(dir, id);
    if (!mail) notFound();
    return (
      <>
        <PageHeader title={t('mailTitle')} fallbackHref="/mail" />
        <MailMessage mail={mail} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('mailTitle')} description={t('mailIntro')} />
      <MailList items={await listCaughtMail(dir)} />
    </>
  );
}
