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
  if (duration <= 0) return null;
  const clamp = (m: number) => Math.min(Math.max(m, 0), duration);
  const pieces = timeline(duration, segments)
    .map((p) => ({ ...p, startMinutes: clamp(p.startMinutes), endMinutes: clamp(p.endMinutes) }))
    .filter((p) => p.endMinutes > p.startMinutes);
  const text = pieces
    .map((p) => t(p.kind === 'busy' ? 'barWork' : 'barRest', { start: p.startMinutes, end: p.endMinutes }))
    .join(', ');
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
