import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ActivityFeedScreen } from '@/components/activities/activity-feed';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('activities');
  return { title: t('title') };
}

/** Actividad (`/activities`, spec section 2), for employees and admins (the staff layout checks the session). */
export default function ActivitiesPage() {
  return <ActivityFeedScreen />;
}
