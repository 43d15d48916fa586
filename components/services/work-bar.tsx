'use client';

import { useTranslations } from 'next-intl';
import { timeline, type Segment } from '@/lib/domain/service';
import './services.css';

/**
 * The bar of work versus rest time of a service (spec section 2, "Services"), drawn to scale: busy parts
 * solid, gaps striped, each piece listed under it. Screen readers hear it as one image, e.g. "Trabajo 0–30 min, descanso 30–60 min,
 * trabajo 60–75 min".
 */
export function WorkBar({ duration, segments }: { duration: number; segments: Segment[] }) {
  const t = useTranslations('services');
  const timelineText = useTimelineText();
  if (duration <= 0) return null;
  const pieces = barPieces(duration, segments);
  const text = timelineText(duration, segments);
  const label = text.charAt(0).toUpperCase() + text.slice(1);

  return (
    <div className="svc-bar-wrap">
      <div className="svc-bar" role="img" aria-label={label}>
        {pieces.map((p) => (
          <span
            key={`${p.kind}-${p.startMinutes}`}
            className={`svc-bar-piece is-${p.kind}`}
            data-kind={p.kind}
            style={{ width: `${((p.endMinutes - p.startMinutes) / duration) * 100}%` }}
          />
        ))}
      </div>
      <div className="svc-bar-scale" aria-hidden="true">
        <span>{t('minutesOption', { minutes: 0 })}</span>
        <span>{t('minutesOption', { minutes: duration })}</span>
      </div>
      <ul className="svc-legend" aria-hidden="true">
        {pieces.map((p) => (
          <li key={`${p.kind}-${p.startMinutes}`}>
            <span className={`svc-swatch is-${p.kind}`} />
            {t(p.kind === 'busy' ? 'work' : 'rest')} {t('range', { start: p.startMinutes, end: p.endMinutes })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The pieces of the bar: `timeline` clamped to [0, duration] (minutes), empty pieces left out. */
function barPieces(duration: number, segments: Segment[]) {
  const clamp = (m: number) => Math.min(Math.max(m, 0), duration);
  return timeline(duration, segments)
    .map((p) => ({ ...p, startMinutes: clamp(p.startMinutes), endMinutes: clamp(p.endMinutes) }))
    .filter((p) => p.endMinutes > p.startMinutes);
}

/**
 * The work and rest of a service in words, lower case, e.g. "trabajo 0–45 min, descanso 45–75 min,
 * trabajo 75–90 min" (duration and parts in minutes); the bar's label and the form's save summary.
 */
export function useTimelineText(): (duration: number, segments: Segment[]) => string {
  const t = useTranslations('services');
  return (duration, segments) =>
    barPieces(duration, segments)
      .map((p) => t(p.kind === 'busy' ? 'barWork' : 'barRest', { start: p.startMinutes, end: p.endMinutes }))
      .join(', ');
}
