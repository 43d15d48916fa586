'use client';

import { forwardRef, memo, useCallback, useEffect, useImperativeHandle, useMemo, useRef, type ReactNode } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import FullCalendar from '@fullcalendar/react';
import type {
  DateSelectArg,
  DateSpanApi,
  EventApi,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventMountArg,
  MoreLinkContentArg,
} from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import interactionPlugin from '@fullcalendar/interaction';
import type { ResourceApi, ResourceLabelContentArg } from '@fullcalendar/resource';
import resourceTimeGridPlugin from '@fullcalendar/resource-timegrid';
import scrollGridPlugin from '@fullcalendar/scrollgrid';
import type { ElementFactory } from '@/components/ui/element-factory';
import { AGENDA_GRID, type AgendaEvent, type AgendaResource, type AgendaView } from '@/lib/domain/agenda';
import { formatHHmm, madridDate, ZONE } from '@/lib/domain/time';
import { renderEventContent } from './event-content';
import { COLUMN_MIN_PX, EVENT_MIN_HEIGHT_PX, HIGHLIGHT_CLASS, LONG_PRESS_MS } from './event-style';
import { madridTimeZonePlugin } from './madrid-time-zone';
import { pathSegment } from './paths';
import { resourceLabelElement } from './resource-label';

const VIEW_NAME: Record<AgendaView, string> = { day: 'resourceTimeGridDay', week: 'resourceTimeGridWeek' };

/**
 * FullCalendar re-reads every option whenever its React component renders and compares them by identity:
 * a new array or function (an inline prop) rebuilds the plugins and re-renders every cell and event.
 * The options that never change are module constants; the others are memoised below.
 */
const PLUGINS = [resourceTimeGridPlugin, scrollGridPlugin, interactionPlugin, madridTimeZonePlugin];
const selectAllow = (span: DateSpanApi) => !span.allDay;
/** A dragged appointment lands on the time grid only (never the all-day row), and never before now. */
const eventAllow = (span: DateSpanApi, event: EventApi | null) =>
  !span.allDay && event?.extendedProps.type === 'appointment' && span.start.getTime() >= Date.now();

/** The grid of lib/domain/agenda (AGENDA_GRID), as FullCalendar durations. */
const SLOT_MIN_TIME = formatHHmm(AGENDA_GRID.startMinute);
const SLOT_MAX_TIME = formatHHmm(AGENDA_GRID.endMinute);
const SLOT_DURATION = formatHHmm(AGENDA_GRID.slotMinutes);

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const WEEK_DAY_HEADER = { weekday: 'short', day: 'numeric' } as const;

type CornerBox = { top: number; left: number; width: number; height: number };

/** What the corner placement observes, and its pending re-sync of FullCalendar's header rows. */
type Watch = { observer: ResizeObserver; cell: Element | null; header: Element | null; timer: number; resyncs: number };
const RESYNC_AFTER_MS = 600;
const MAX_RESYNCS = 5;

/** The corner overlay until its cell has been measured (a constant, so React never re-applies it). */
const CORNER_UNPLACED = { display: 'none' } as const;

const sameBox = (a: CornerBox, b: CornerBox) =>
  Math.abs(a.top - b.top) < 0.5 && Math.abs(a.left - b.left) < 0.5 && Math.abs(a.width - b.width) < 0.5 && Math.abs(a.height - b.height) < 0.5;

/**
 * An appointment event dropped elsewhere: its record, where that event started (`from`) and now starts
 * (`to`), the column's stylist (e-mail) it was dropped on, and `revert` to put it back.
 */
export type CalendarMove = { event: AgendaEvent['extendedProps']; from: Date; to: Date; resourceId: string | null; revert: () => void };

/** A selected range of a stylist's column; `touch` when a finger made it (a long press). */
export type CalendarSelection = { start: Date; end: Date; resourceId: string; resourceName: string; touch: boolean };

export type AgendaCalendarProps = {
  view: AgendaView;
  date: string;
  resources: AgendaResource[];
  events: AgendaEvent[];
  /** Record id to highlight (all the parts of an appointment light up). */
  highlightId: string | null;
  /** Content of the time-gutter header corner (the Configuración button, spec section 2). */
  corner?: ReactNode;
  onSelect: (selection: CalendarSelection) => void;
  onEventClick: (event: AgendaEvent['extendedProps']) => void;
  /** A future appointment dragged to another time or stylist (a long press then drag on a phone). */
  onMove?: (move: CalendarMove) => void;
  /** Called once the calendar has rendered its view (it then replaces the agenda's first view). */
  onReady?: () => void;
  /** Minute of the day (after midnight) at the grid's top when a date opens (lib/domain/agenda `openingMinute`). */
  openMinute?: number;
};

export type AgendaCalendarHandle = {
  unselect: () => void;
  /**
   * Scrolls the grid to `minute` (after midnight) at its top and, when given, `left` px sideways (a first
   * view's scroll); without `left` the sideways scroll stays.
   */
  scrollTo: (minute: number, left?: number) => void;
};

/**
 * The FullCalendar resource time grid of the agenda (spec sections 2 and 9): one column per stylist,
 * day and week views only with the toolbar hidden, 07:00–24:00 in 30-minute slots, Europe/Madrid,
 * Monday first, selectable with a 250 ms long press, now indicator, off-shift shading from each
 * resource's business hours; a future appointment drags to another time or stylist (after a long press
 * on a touch screen), its length fixed. The date and view are driven by the parent. Events show the client and
 * the service (see event-content.tsx) in colours of AA contrast; `corner` lies over the time-gutter
 * header cell; columns keep a readable minimum width and scroll sideways when they do not fit.
 */
export const AgendaCalendar = memo(
  forwardRef<AgendaCalendarHandle, AgendaCalendarProps>(function AgendaCalendar(
    { view, date, resources, events, highlightId, corner, onSelect, onEventClick, onMove, onReady, openMinute = AGENDA_GRID.scrollMinute },
    handle,
  ) {
    const t = useTranslations('agenda');
    const router = useAppRouter();
    const ref = useRef<FullCalendar>(null);
    const frame = useRef<HTMLDivElement>(null);

    // The corner content lies over FullCalendar's header axis cell (which has no content hook, and inside
    // whose table a control would break the grid's semantics): the cell is measured whenever it, the
    // frame or the column headers change size. The box is written to the overlay's style directly, not
    // kept in React state: a render of this component re-renders FullCalendar and all its content.
    const cornerEl = useRef<HTMLDivElement>(null);
    const cornerBox = useRef<CornerBox | null>(null);
    const watch = useRef<Watch | null>(null);
    const placeCorner = useCallback(() => {
      const root = frame.current;
      const w = watch.current;
      const cell = root?.querySelector('.fc-scrollgrid-section-header .fc-timegrid-axis');
      const header = root?.querySelector('.fc-scrollgrid-section-header .fc-col-header') ?? null;
      if (!root || !cell || !w) return;
      const a = root.getBoundingClientRect();
      const b = cell.getBoundingClientRect();
      const headerHeight = header?.getBoundingClientRect().height ?? 0;
      // As tall as the stylists' headers at once, before FullCalendar has re-synced the corner (below).
      const next = { top: b.top - a.top, left: b.left - a.left, width: b.width, height: Math.max(b.height, headerHeight) };
      const el = cornerEl.current;
      if (el && !(cornerBox.current && sameBox(cornerBox.current, next))) {
        cornerBox.current = next;
        Object.assign(el.style, { top: `${next.top}px`, left: `${next.left}px`, width: `${next.width}px`, height: `${next.height}px`, display: '' });
      }
      for (const key of ['cell', 'header'] as const) {
        const el = key === 'cell' ? cell : header;
        if (w[key] === el) continue;
        if (w[key]) w.observer.unobserve(w[key]);
        if (el) w.observer.observe(el);
        w[key] = el;
      }
      // The stylists' headers (avatar and name) can grow after FullCalendar measured them (a photo that
      // loads, a font), so the time-axis corner can stay shorter than them. FullCalendar re-syncs the rows
      // on updateSize(), but ignores more than ten sizings in 500 ms: ask again a little later, a few times.
      const short = headerHeight - b.height > 1.5;
      if (!short) w.resyncs = 0;
      else if (!w.timer && w.resyncs < MAX_RESYNCS) {
        w.timer = window.setTimeout(() => {
          w.timer = 0;
          w.resyncs += 1;
          ref.current?.getApi().updateSize();
          requestAnimationFrame(() => placeCorner());
        }, RESYNC_AFTER_MS);
      }
    }, []);
    useEffect(() => {
      const w: Watch = { observer: new ResizeObserver(() => placeCorner()), cell: null, header: null, timer: 0, resyncs: 0 };
      watch.current = w;
      if (frame.current) w.observer.observe(frame.current);
      placeCorner();
      return () => {
        window.clearTimeout(w.timer);
        w.observer.disconnect();
        watch.current = null;
      };
    }, [placeCorner]);

    useImperativeHandle(
      handle,
      () => ({
        unselect: () => ref.current?.getApi().unselect(),
        scrollTo: (minute, left) => {
          ref.current?.getApi().scrollToTime(formatHHmm(Math.round(minute)));
          if (left === undefined) return;
          // The body's scroller that moves sideways; FullCalendar keeps the header in step with it.
          for (const el of frame.current?.querySelectorAll<HTMLElement>('.fc-scrollgrid-section-body .fc-scroller') ?? []) {
            if (el.scrollWidth > el.clientWidth) el.scrollLeft = left;
          }
        },
      }),
      [],
    );

    const viewDidMount = useCallback(() => {
      placeCorner();
      if (onReady) requestAnimationFrame(() => onReady());
    }, [placeCorner, onReady]);

    // Follow the parent's date and view (FullCalendar keeps its own after mount).
    useEffect(() => {
      const api = ref.current?.getApi();
      if (!api) return;
      const target = VIEW_NAME[view];
      // Deferred a tick: FullCalendar re-renders synchronously, which React does not allow inside its commit.
      const id = setTimeout(() => {
        if (api.view.type !== target) api.changeView(target, date);
        // Already there (the first render, a reload of the same date): a gotoDate would re-render it all.
        else if (madridDate(api.getDate().getTime()) !== date) api.gotoDate(date);
      }, 0);
      return () => clearTimeout(id);
    }, [view, date]);

    // Built with FullCalendar's element factory (see element-factory.ts): no React portal per column.
    const resourceLabel = useCallback(
      (arg: ResourceLabelContentArg, h: ElementFactory) => {
        const props = arg.resource.extendedProps as AgendaResource['extendedProps'];
        return resourceLabelElement(h, props, t('employeeProfile', { name: props.name }), () =>
          router.push(`/employees/${pathSegment(props.email)}`),
        );
      },
      [router, t],
    );

    const select = useCallback(
      (info: DateSelectArg) => {
        const resource = (info as DateSelectArg & { resource?: ResourceApi }).resource;
        if (!resource) {
          ref.current?.getApi().unselect();
          return;
        }
        // FullCalendar passes the event that ended the selection: touchend after a long press.
        const touch = Boolean(info.jsEvent?.type.startsWith('touch'));
        onSelect({ start: info.start, end: info.end, resourceId: resource.id, resourceName: resource.title, touch });
      },
      [onSelect],
    );

    const eventClick = useCallback(
      (info: EventClickArg) => {
        info.jsEvent.preventDefault();
        onEventClick(info.event.extendedProps as AgendaEvent['extendedProps']);
      },
      [onEventClick],
    );

    const eventDrop = useCallback(
      (info: EventDropArg) => {
        const from = info.oldEvent.start;
        const to = info.event.start;
        if (!onMove || !from || !to) {
          info.revert();
          return;
        }
        // With resources, FullCalendar passes the column the event left and the one it landed on.
        const target = (info as EventDropArg & { newResource?: ResourceApi | null }).newResource;
        const props = info.event.extendedProps as AgendaEvent['extendedProps'];
        onMove({ event: props, from, to, resourceId: target?.id ?? null, revert: info.revert });
      },
      [onMove],
    );

    const eventDidMount = useCallback((info: EventMountArg) => {
      const props = info.event.extendedProps as AgendaEvent['extendedProps'];
      info.el.dataset.eventId = props.eventId;
      info.el.dataset.eventType = props.type;
      if (props.part) info.el.dataset.eventPart = props.part;
    }, []);

    const leaveText = t('leaveEvent');
    const eventContent = useCallback((arg: EventContentArg, h: ElementFactory) => renderEventContent(arg, leaveText, h), [leaveText]);

    const eventClassNames = useCallback(
      (arg: { event: { extendedProps: Record<string, unknown> } }) =>
        highlightId && arg.event.extendedProps.eventId === highlightId ? [HIGHLIGHT_CLASS] : [],
      [highlightId],
    );

    const moreLinkContent = useCallback((arg: MoreLinkContentArg) => t('calendar.showMore', { count: arg.num }), [t]);

    const locale = useMemo(
      () => ({
        ...esLocale,
        buttonText: {
          ...esLocale.buttonText,
          prev: t('calendar.previous'),
          next: t('calendar.next'),
          today: t('calendar.today'),
          month: t('calendar.month'),
          week: t('calendar.week'),
          day: t('calendar.day'),
          list: t('calendar.agenda'),
        },
        allDayText: t('calendar.allDay'),
        timeHint: t('calendar.time'),
        eventHint: t('calendar.event'),
      }),
      [t],
    );

    return (
      <div className="agenda-calendar-frame" ref={frame}>
        <FullCalendar
          ref={ref}
          plugins={PLUGINS}
          schedulerLicenseKey="GPL-My-Project-Is-Open-Source"
          timeZone={ZONE}
          locale={locale}
          buttonText={locale.buttonText}
          allDayText={t('calendar.allDay')}
          moreLinkContent={moreLinkContent}
          initialView={VIEW_NAME[view]}
          initialDate={date}
          headerToolbar={false}
          firstDay={1}
          height="100%"
          slotMinTime={SLOT_MIN_TIME}
          slotMaxTime={SLOT_MAX_TIME}
          slotDuration={SLOT_DURATION}
          scrollTime={formatHHmm(openMinute)}
          slotLabelFormat={TIME_FORMAT}
          eventTimeFormat={TIME_FORMAT}
          dayMinWidth={COLUMN_MIN_PX[view]}
          eventMinHeight={EVENT_MIN_HEIGHT_PX}
          dayHeaderFormat={WEEK_DAY_HEADER}
          allDaySlot
          selectable
          selectMirror
          selectLongPressDelay={LONG_PRESS_MS}
          selectAllow={selectAllow}
          nowIndicator
          navLinks={false}
          editable={false}
          eventDurationEditable={false}
          eventLongPressDelay={LONG_PRESS_MS}
          eventAllow={eventAllow}
          eventInteractive
          dayMaxEvents={false}
          resourceOrder="order"
          resources={resources}
          events={events}
          resourceLabelContent={resourceLabel}
          eventContent={eventContent}
          eventClassNames={eventClassNames}
          eventDidMount={eventDidMount}
          eventClick={eventClick}
          eventDrop={eventDrop}
          select={select}
          viewDidMount={viewDidMount}
          datesSet={placeCorner}
        />
        {corner ? (
          <div className="agenda-corner" ref={cornerEl} style={CORNER_UNPLACED}>
            {corner}
          </div>
        ) : null}
      </div>
    );
  }),
);
