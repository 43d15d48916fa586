import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { NotFoundMessage } from '@/components/ui/not-found-message';
import { getSession } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { whatsAppMessage } from '@/lib/server/services/whatsapp-message';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('whatsapp');
  return { title: t('open'), robots: { index: false } };
}

/**
 * `/whatsapp/{appointmentId}` (beyond-the-spec section 5, click to chat), for employees and admins (the staff
 * layout checks the session): the "WhatsApp" buttons of Información cita, the client detail and Recordatorios
 * de mañana are plain links here, opened in a new tab, so no pop-up blocker stands in the way. It takes the
 * appointment's message (`whatsAppMessage`: the opening is recorded) and redirects to its `wa.me` link; a
 * refusal (no phone, a cancelled appointment) shows its Spanish message instead.
 */
export default async function WhatsAppPage({ params }: { params: Promise<{ id: string }> }) {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  const t = await getTranslations('whatsapp');
  const id = z.uuid().safeParse((await params).id);
  let url: string | null = null;
  let problem: string = t('error');
  if (id.success) {
    try {
      url = (await whatsAppMessage(await getDb(), tenant.id, id.data, serverNow())).url;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      problem = err.message;
    }
  }
  if (url) redirect(url);
  return <NotFoundMessage title={t('failed')} text={problem} backHref="/reminders" backLabel={t('back')} />;
}
