import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MailList } from '@/components/mail/mail-list';
import { MailMessage } from '@/components/mail/mail-message';
import { PageHeader } from '@/components/ui/page-header';
import { getSession, isStaff } from '@/lib/server/auth/session';
import { devMailDir, listCaughtMail, readCaughtMail } from '@/lib/server/dev-mail';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('emails');
  return { title: t('mailTitle') };
}

/**
 * Correo de prueba (`/mail`): the e-mails the local mail catcher received from the signed-in staff
 * member's own salon (the tenant of the session, resolved from the host by the server; the staff layout
 * checks the session too). A 404 unless the catcher runs (scripts/start.ts sets DEV_MAIL_DIR).
 * `?id=` opens one message; another salon's message is a 404.
 */
export default async function MailPage({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const dir = devMailDir();
  if (!dir) notFound();
  const { tenant, user } = await getSession();
  if (!tenant || !user || !isStaff(user.role)) notFound();
  const t = await getTranslations('emails');
  const { id } = await searchParams;
  if (typeof id === 'string') {
    const mail = await readCaughtMail(dir, tenant.id, id);
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
      <MailList items={await listCaughtMail(dir, tenant.id)} />
    </>
  );
}
