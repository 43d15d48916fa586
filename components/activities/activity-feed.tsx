'use client';

import Link from 'next/link';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { CalendarIcon, ClientsIcon, TrashIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/components/ui/toast';
import { markActivitiesSeen, useActivities } from '@/lib/api-client/activities';
import { ZONE } from '@/lib/domain/time';
import type { Activity } from '@/lib/validation/dto';
import { describeActivity, freshIds, mergePages, relativeTimeLabel, type FreshAnchor, type Translate } from './activity-text';
import './activities.css';

/** How often the relative times (hace N m) are rewritten while the screen is open (ms). */
const CLOCK_MS = 30_000;

/** The current time, rewritten every `CLOCK_MS`. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * Actividad (`/activities`, spec section 2): what happened in the salon, newest first, a card per
 * activity with its Spanish sentence and relative time; tapping a booking opens the agenda on its date
 * highlighting it, a new client opens the client. What was new for this staff member when the screen
 * opened is highlighted (with the count in the header) for as long as the screen stays open; once the
 * first page is on screen the feed is marked seen up to its newest item, so the menu badge clears (for
 * this person only). Cargar más loads older pages. A failed first load goes back home (spec section 8).
 */
export function ActivityFeedScreen() {
  const t = useTranslations('activities');
  const router = useAppRouter();
  const { pages, hasMore, loadMore, loadingMore, error } = useActivities();
  const now = useNow();

  // What was new when the view opened (first answer only): kept while the answers' `seen` turn true.
  const first = pages?.[0];
  const [anchor, setAnchor] = useState<FreshAnchor | null>(null);
  if (first && !anchor) setAnchor({ topId: first.items[0]?.id ?? 0, unseen: first.unseen });

  const items = useMemo(() => (pages ? mergePages(pages) : undefined), [pages]);
  const fresh = useMemo(() => freshIds(items ?? [], anchor), [items, anchor]);
  const newCount = anchor ? anchor.unseen + (items ?? []).filter((i) => i.id > anchor.topId).length : 0;

  // Mark seen up to the newest item shown, after it rendered, whenever something new is on top.
  const newest = first?.items[0]?.id ?? 0;
  const unseen = first?.unseen ?? 0;
  const marked = useRef(0);
  useEffect(() => {
    if (newest === 0 || unseen === 0 || newest <= marked.current) return;
    marked.current = newest;
    markActivitiesSeen(newest).catch(() => {
      // Left as new: the next refresh of the page tries again.
      marked.current = 0;
    });
  }, [newest, unseen]);

  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    toastError(t('loadError'), error);
    // Nothing to show: back home (spec section 8); a failed Cargar más keeps the list.
    if (pages === undefined) router.replace('/');
  }, [error, pages, router, t]);

  const translate: Translate = (key, values) => t(key as never, values as never);

  return (
    <div className="screen">
      <PageHeader
        title={t('title')}
        action={newCount > 0 ? <span className="badge act-count">{t('newCount', { count: newCount })}</span> : undefined}
      />
      {items === undefined ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        <>
          <ul className="card-list act-list" aria-label={t('listLabel')}>
            {items.map((a) => (
              <ActivityCard key={a.id} activity={a} fresh={fresh.has(a.id)} now={now} t={translate} newLabel={t('newItem')} />
            ))}
          </ul>
          {hasMore && (
            <Button variant="secondary" block busy={loadingMore} onClick={loadMore} className="act-more">
              {t('loadMore')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

const ICONS: Record<string, () => ReactNode> = {
  client_appointment_created: () => <CalendarIcon />,
  employee_appointment_created: () => <CalendarIcon />,
  appointment_cancelled: () => <TrashIcon />,
  user_created: () => <ClientsIcon />,
  user_deleted: () => <ClientsIcon />,
};

/** One activity: icon, sentence (the link when it leads somewhere), who cancelled, and when. */
function ActivityCard({
  activity,
  fresh,
  now,
  t,
  newLabel,
}: {
  activity: Activity;
  fresh: boolean;
  now: number;
  t: Translate;
  newLabel: string;
}) {
  const { text, detail, href } = describeActivity(activity, t);
  const icon = ICONS[activity.type]?.() ?? <CalendarIcon />;
  const when = new Date(activity.created_at);
  return (
    <li className={fresh ? 'card act-card act-card--new' : 'card act-card'} data-activity-id={activity.id} data-type={activity.type}>
      <span className={`act-icon act-icon--${activity.type}`} aria-hidden="true">
        {icon}
      </span>
      <div className="act-body">
        {href ? (
          <Link href={href} className="act-text act-link">
            {text}
          </Link>
        ) : (
          <p className="act-text">{text}</p>
        )}
        {detail && <p className="act-detail">{detail}</p>}
        <p className="act-meta">
          <time dateTime={activity.created_at} title={when.toLocaleString('es-ES', { timeZone: ZONE })}>
            {relativeTimeLabel(activity.created_at, now, t)}
          </time>
          {fresh && <span className="badge act-new">{newLabel}</span>}
        </p>
      </div>
    </li>
  );
}
