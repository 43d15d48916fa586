'use client';

import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import FullCalendar from '@fullcalendar/react';
import type { DateSelectArg, DateSpanApi, EventClickArg, EventMountArg, MoreLinkContentArg } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import interactionPlugin from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import type { ResourceApi, ResourceLabelContentArg } from '@fullcalendar/resource';
import resourceTimeGridPlugin from '@fullcalendar/resource-timegrid';
import { EmployeeAvatar } from '@/components/ui/employee-avatar';
import type { AgendaEvent, AgendaResource, AgendaView } from '@/lib/domain/agenda';
import { ZONE } from '@/lib/domain/time';
import { pathSegment } from './paths';

const VIEW_NAME: Record<AgendaView, string> = { day: 'resourceTimeGridDay', week: 'resourceTimeGridWeek' };

/** Class of the event highlighted after a wizard (spec section 2: about 3 s). */
export const HIGHLIGHT_CLASS = 'agenda-event--highlight';

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const WEEK_DAY_HEADER = { weekday: 'short', day: 'numeric' } as const;

/** Minimum widths (px) of the time axis and of a column in each view. */
const AXIS_WIDTH = 52;
const DAY_COLUMN_MIN = 96;
const WEEK_COLUMN_MIN = 58;

export type CalendarSelection = { start: Date; end: Date; resourceId: string; resourceName: string };

export type AgendaCalendarProps = {
  view: AgendaView;
  date: string;
  resources: AgendaResource[];
  events: AgendaEvent[];
  /** Record id to highlight (all the parts of an appointment light up). */
  highlightId: string | null;
  onSelect: (selection: CalendarSelection) => void;
  onEventClick: (event: AgendaEvent['extendedProps']) => void;
};

export type AgendaCalendarHandle = { unselect: () => void };

/**
 * The FullCalendar resource time grid of the agenda (spec sections 2 and 9): one column per stylist,
 * day and week views only with the toolbar hidden, 07:00–24:00 in 30-minute slots, Europe/Madrid,
 * Monday first, selectable with a 250 ms long press, now indicator, off-shift shading from each
 * resource's business hours. The date and view are driven by the parent.
 */
export const AgendaCalendar = forwardRef<AgendaCalendarHandle, AgendaCalendarProps>(function AgendaCalendar(
  { view, date, resources, events, highlightId, onSelect, onEventClick },
  handle,
) {
  const t = useTranslations('agenda');
  const router = useRouter();
  const ref = useRef<FullCalendar>(null);

  useImperativeHandle(handle, () => ({ unselect: () => ref.current?.getApi().unselect() }), []);

  // Follow the parent's date and view (FullCalendar keeps its own after mount).
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    const target = VIEW_NAME[view];
    // Deferred a tick: FullCalendar re-renders synchronously, which React does not allow inside its commit.
    const id = setTimeout(() => {
      if (api.view.type !== target) api.changeView(target, date);
      else api.gotoDate(date);
    }, 0);
    return () => clearTimeout(id);
  }, [view, date]);

  const resourceLabel = useCallback(
    (arg: ResourceLabelContentArg) => {
      const { email, name, color, avatar } = arg.resource.extendedProps as AgendaResource['extendedProps'];
      return (
        <button
          type="button"
          className="agenda-resource"
          title={t('employeeProfile', { name })}
          onClick={() => router.push(`/employees/${pathSegment(email)}`)}
        >
          <EmployeeAvatar avatar={avatar} color={color} size={28} />
          <span className="agenda-resource-name">{name}</span>
        </button>
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
      onSelect({ start: info.start, end: info.end, resourceId: resource.id, resourceName: resource.title });
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

  const eventDidMount = useCallback((info: EventMountArg) => {
    const props = info.event.extendedProps as AgendaEvent['extendedProps'];
    info.el.dataset.eventId = props.eventId;
    info.el.dataset.eventType = props.type;
    if (props.part) info.el.dataset.eventPart = props.part;
  }, []);

  const eventClassNames = useCallback(
    (arg: { event: { extendedProps: Record<string, unknown> } }) =>
      highlightId && arg.event.extendedProps.eventId === highlightId ? [HIGHLIGHT_CLASS] : [],
    [highlightId],
  );

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

  // Columns narrower than this make the week unreadable on a phone: the grid then scrolls sideways.
  const minWidth = AXIS_WIDTH + resources.length * (view === 'week' ? 7 * WEEK_COLUMN_MIN : DAY_COLUMN_MIN);

  return (
    <div className="agenda-calendar-frame" style={{ width: `max(100%, ${minWidth}px)` }}>
      <FullCalendar
        ref={ref}
        plugins={[resourceTimeGridPlugin, interactionPlugin, luxonPlugin]}
        schedulerLicenseKey="GPL-My-Project-Is-Open-Source"
        timeZone={ZONE}
        locale={locale}
        buttonText={locale.buttonText}
        allDayText={t('calendar.allDay')}
        moreLinkContent={(arg: MoreLinkContentArg) => t('calendar.showMore', { count: arg.num })}
        initialView={VIEW_NAME[view]}
        initialDate={date}
        headerToolbar={false}
        firstDay={1}
        height="100%"
        slotMinTime="07:00"
        slotMaxTime="24:00"
        slotDuration="00:30"
        scrollTime="08:00"
        slotLabelFormat={TIME_FORMAT}
        eventTimeFormat={TIME_FORMAT}
        dayHeaderFormat={WEEK_DAY_HEADER}
        allDaySlot
        selectable
        selectMirror
        selectLongPressDelay={250}
        selectAllow={(span: DateSpanApi) => !span.allDay}
        nowIndicator
        navLinks={false}
        editable={false}
        eventInteractive
        dayMaxEvents={false}
        resourceOrder="order"
        resources={resources}
        events={events}
        resourceLabelContent={resourceLabel}
        eventClassNames={eventClassNames}
        eventDidMount={eventDidMount}
        eventClick={eventClick}
        select={select}
      />
    </div>
  );
});
