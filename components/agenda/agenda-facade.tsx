'use client';

import { createElement, forwardRef, memo, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import type { ElementFactory } from '@/components/ui/element-factory';
import { formatHHmm } from '@/lib/domain/time';
import { AGENDA_GRID, gridSpan, offShiftSpans, slotAt, type AgendaEvent, type AgendaResource, type GridSpan } from '@/lib/domain/agenda';
import type { CalendarSelection } from './agenda-calendar';
import { renderEventContent, SLOT_PX } from './event-content';
import { COLUMN_MIN_PX, EVENT_MIN_HEIGHT_PX, HIGHLIGHT_CLASS, LONG_PRESS_MS } from './event-style';
import { pathSegment } from './paths';
import { resourceLabelElement } from './resource-label';

const h = createElement as unknown as ElementFactory;

/** Px per minute of the grid (44 px per 30-minute slot, as in the calendar). */
const PX_PER_MINUTE = SLOT_PX / AGENDA_GRID.slotMinutes;
const GRID_MINUTES = AGENDA_GRID.endMinute - AGENDA_GRID.startMinute;
/** A finger that moves farther than this (px) scrolls: the press is not a long press. */
const PRESS_SLOP_PX = 10;

const px = (minutes: number) => minutes * PX_PER_MINUTE;
const boxStyle = (span: GridSpan, minHeight = 0) => ({ top: px(span.top), height: Math.max(minHeight, px(span.length)) });

/** The hour labels of the time axis (07:00 … 23:00). */
const HOURS = Array.from({ length: GRID_MINUTES / 60 }, (_, i) => AGENDA_GRID.startMinute + i * 60);

export type AgendaFacadeProps = {
  /** The Madrid date shown (day view). */
  date: string;
  resources: AgendaResource[];
  /** The day's events with their colours resolved (event-style.ts `coloredEvents`). */
  events: AgendaEvent[];
  /** Now (epoch ms): the time indicator when `date` is today. */
  now: number;
  /** Madrid date of `now`. */
  today: string;
  highlightId: string | null;
  /** The slot being turned into an event (Nuevo evento open): shaded like the calendar's selection. */
  selection: { start: string; end: string; resourceId: string } | null;
  /** Content of the time-gutter header corner (the Configuración button). */
  corner: ReactNode;
  /** Minute of the day (after midnight) at the grid's top when it opens (lib/domain/agenda `openingMinute`). */
  openMinute: number;
  /**
   * The page's CSP nonce. With it the server's markup carries a small inline script that scrolls the grid
   * to `openMinute` as soon as the browser parses it, for browsers without CSS `scroll-initial-target`
   * (Safari, Firefox), long before React takes over.
   */
  scriptNonce?: string;
  onSelect: (selection: CalendarSelection) => void;
  onEventClick: (event: AgendaEvent['extendedProps']) => void;
};

/** A finger on an empty slot: `armed` once it has been held long enough (the slot is then shaded). */
type Press = { x: number; y: number; col: HTMLElement; timer: number; armed: boolean };

/**
 * The agenda's first view: the day's resource grid as plain markup that comes with
 * the server's HTML, shown until FullCalendar — a large script that renders only in the browser — has
 * been loaded on the first interaction and has taken over (agenda.tsx). It looks like the calendar (same
 * grid, 07:00–24:00 at 44 px per 30 minutes, the column minimum width, the event boxes and their content)
 * and does what a first touch does there: a tap on an event opens it; a click on an empty slot (mouse) or
 * a long press (touch, 250 ms) selects that 30-minute slot; the grid scrolls both ways with the time
 * axis and the stylists' headers kept in place. Dragging a range needs the calendar.
 */
export const AgendaFacade = memo(
  forwardRef<HTMLDivElement, AgendaFacadeProps>(function AgendaFacade(
    { date, resources, events, now, today, highlightId, selection, corner, openMinute, scriptNonce, onSelect, onEventClick },
    scrollerRef,
  ) {
    const t = useTranslations('agenda');
    const router = useAppRouter();
    const leaveText = t('leaveEvent');
    const press = useRef<Press | null>(null);
    /** The slot a held finger has armed (shaded until the finger lifts). */
    const [held, setHeld] = useState<{ resourceId: string; span: GridSpan } | null>(null);
    const localRef = useRef<HTMLDivElement | null>(null);

    // Opened at `openMinute`, as the calendar (its `scrollTime`): the server's markup already is, through the
    // opening marker (CSS `scroll-initial-target`) or else its inline script; rendered in the browser, here.
    // `data-live` tells that the first view answers taps.
    useLayoutEffect(() => {
      const el = localRef.current;
      if (!el) return;
      if (el.scrollTop === 0) el.scrollTop = px(openMinute - AGENDA_GRID.startMinute);
      el.dataset.live = 'true';
      // Opened once: later values (a new minute) do not move the grid under the user's finger.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);

    const setRefs = (el: HTMLDivElement | null) => {
      localRef.current = el;
      if (typeof scrollerRef === 'function') scrollerRef(el);
      else if (scrollerRef) scrollerRef.current = el;
    };

    const byResource = new Map<string, { timed: AgendaEvent[]; allDay: AgendaEvent[] }>(resources.map((r) => [r.id, { timed: [], allDay: [] }]));
    for (const e of events) byResource.get(e.resourceId)?.[e.allDay ? 'allDay' : 'timed'].push(e);
    const nowSpan = date === today ? gridSpan(now, now + 1, date) : null;

    /** The 30-minute slot of a column under a point `clientY` px from the viewport's top. */
    const slotUnder = (col: HTMLElement, clientY: number) => slotAt(date, (clientY - col.getBoundingClientRect().top) / PX_PER_MINUTE);

    const selectAt = (col: HTMLElement, clientY: number, touch: boolean) => {
      const resource = resources.find((r) => r.id === col.dataset.resourceId);
      if (!resource) return;
      const slot = slotUnder(col, clientY);
      onSelect({ start: new Date(slot.start), end: new Date(slot.end), resourceId: resource.id, resourceName: resource.title, touch });
    };

    const cancelPress = () => {
      if (press.current) window.clearTimeout(press.current.timer);
      press.current = null;
      setHeld(null);
    };
    // A press still held when the calendar takes over selects nothing.
    useEffect(() => cancelPress, []);

    // As in the calendar: held 250 ms, the slot is shaded; the selection is made when the finger lifts
    // (Nuevo evento then ignores the release, see its guard); moving first scrolls instead.
    const onLanePointerDown = (e: PointerEvent<HTMLDivElement>) => {
      if (e.pointerType === 'mouse' || e.button !== 0) return;
      const col = e.currentTarget;
      const y = e.clientY;
      const resourceId = col.dataset.resourceId ?? '';
      cancelPress();
      const timer = window.setTimeout(() => {
        if (!press.current) return;
        press.current.armed = true;
        const slot = slotUnder(col, y);
        setHeld({ resourceId, span: gridSpan(slot.start, slot.end, date) ?? { top: 0, length: 0 } });
      }, LONG_PRESS_MS);
      press.current = { x: e.clientX, y, col, timer, armed: false };
    };
    const onLanePointerMove = (e: PointerEvent<HTMLDivElement>) => {
      const p = press.current;
      if (p && !p.armed && Math.hypot(e.clientX - p.x, e.clientY - p.y) > PRESS_SLOP_PX) cancelPress();
    };
    const onPointerUp = () => {
      const p = press.current;
      if (p?.armed) selectAt(p.col, p.y, true);
      cancelPress();
    };
    const onLaneClick = (e: MouseEvent<HTMLDivElement>) => {
      // A tap on a touch screen selects nothing (the calendar selects on a long press there).
      const type = (e.nativeEvent as globalThis.PointerEvent).pointerType;
      if (type && type !== 'mouse') return;
      selectAt(e.currentTarget, e.clientY, false);
    };

    const eventBox = (e: AgendaEvent) => {
      const span = gridSpan(e.start, e.end, date);
      if (!span) return null;
      const props = e.extendedProps;
      const start = new Date(e.start);
      const end = new Date(e.end);
      const open = () => onEventClick(props);
      const onKeyDown = (k: KeyboardEvent) => {
        if (k.key === 'Enter' || k.key === ' ') {
          k.preventDefault();
          open();
        }
      };
      return (
        <div
          key={e.id}
          role="button"
          tabIndex={0}
          className={['agenda-facade-event', ...e.classNames, highlightId && props.eventId === highlightId ? HIGHLIGHT_CLASS : ''].join(' ').trim()}
          style={{ ...boxStyle(span, EVENT_MIN_HEIGHT_PX), backgroundColor: e.backgroundColor, borderColor: e.borderColor, color: e.textColor }}
          data-event-id={props.eventId}
          data-event-type={props.type}
          data-event-part={props.part}
          onClick={(c) => {
            c.stopPropagation();
            open();
          }}
          onPointerDown={(p) => p.stopPropagation()}
          onKeyDown={onKeyDown}
        >
          <div className="agenda-facade-event-main">
            {renderEventContent({ event: { extendedProps: props, start, end, title: e.title }, timeText: '' }, leaveText) as ReactNode}
          </div>
        </div>
      );
    };

    const selected = selection ? gridSpan(selection.start, selection.end, date) : null;
    // (`repeat()` needs at least one column: a salon without stylists gets an empty one.)
    const columns = `var(--agenda-axis) repeat(${Math.max(1, resources.length)}, minmax(${COLUMN_MIN_PX.day}px, 1fr))`;

    return (
      <div
        className="agenda-facade"
        ref={setRefs}
        onPointerUp={onPointerUp}
        onPointerCancel={cancelPress}
        onContextMenu={(e) => press.current && e.preventDefault()}
      >
        <div className="agenda-facade-grid" style={{ gridTemplateColumns: columns, minWidth: `calc(var(--agenda-axis) + ${resources.length * COLUMN_MIN_PX.day}px)` }}>
          <div className="agenda-facade-head" style={{ gridColumn: `1 / span ${resources.length + 1}`, gridTemplateColumns: columns }}>
            <div className="agenda-facade-corner">{corner}</div>
            {resources.map((r) => (
              <div key={r.id} className="agenda-facade-resource" data-resource-id={r.id}>
                {
                  resourceLabelElement(h, r.extendedProps, t('employeeProfile', { name: r.extendedProps.name }), () =>
                    router.push(`/employees/${pathSegment(r.extendedProps.email)}`),
                  ) as ReactNode
                }
              </div>
            ))}
            <div className="agenda-facade-axis agenda-facade-allday-label">{t('calendar.allDay')}</div>
            {resources.map((r) => (
              <div key={r.id} className="agenda-facade-allday">
                {byResource.get(r.id)?.allDay.map((e) => (
                  <div
                    key={e.id}
                    className={['agenda-facade-shift', ...e.classNames].join(' ')}
                    style={{ backgroundColor: e.backgroundColor, borderColor: e.borderColor, color: e.textColor }}
                    data-event-id={e.extendedProps.eventId}
                    data-event-type={e.extendedProps.type}
                  >
                    {renderEventContent({ event: { extendedProps: e.extendedProps, start: null, end: null, title: e.title }, timeText: '' }, leaveText) as ReactNode}
                  </div>
                ))}
              </div>
            ))}
          </div>
          <div className="agenda-facade-open" style={{ top: px(openMinute - AGENDA_GRID.startMinute) }} aria-hidden="true" />
          <div className="agenda-facade-axis agenda-facade-times" style={{ height: px(GRID_MINUTES) }} aria-hidden="true">
            {HOURS.map((m) => (
              <span key={m} style={{ top: px(m - AGENDA_GRID.startMinute) }}>
                {formatHHmm(m)}
              </span>
            ))}
          </div>
          {resources.map((r) => (
            <div
              key={r.id}
              className="agenda-facade-col"
              data-resource-id={r.id}
              style={{ height: px(GRID_MINUTES) }}
              onClick={onLaneClick}
              onPointerDown={onLanePointerDown}
              onPointerMove={onLanePointerMove}
            >
              {offShiftSpans(r.businessHours, date).map((s) => (
                <div key={s.top} className="agenda-facade-off" style={boxStyle(s)} />
              ))}
              {selected && selection?.resourceId === r.id ? <div className="agenda-facade-selection" style={boxStyle(selected)} /> : null}
              {held?.resourceId === r.id ? <div className="agenda-facade-selection" style={boxStyle(held.span)} /> : null}
              {byResource.get(r.id)?.timed.map(eventBox)}
              {nowSpan ? <div className="agenda-facade-now" style={{ top: px(nowSpan.top) }} /> : null}
            </div>
          ))}
        </div>
        {scriptNonce ? (
          <script
            nonce={scriptNonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: openingScript(px(openMinute - AGENDA_GRID.startMinute)) }}
          />
        ) : null}
      </div>
    );
  }),
);

/**
 * The inline script of the first view's server markup: scrolls its parent (the grid's scroller) `top` px
 * down unless something (CSS `scroll-initial-target`) already did.
 */
function openingScript(top: number): string {
  return `(function(s){var el=s&&s.parentElement;if(el&&el.scrollTop===0)el.scrollTop=${Math.round(top)};})(document.currentScript)`;
}
