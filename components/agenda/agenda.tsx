'use client';

import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { SettingsIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { moveAppointment, useAgendaDays, useStaffEmployees } from '@/lib/api-client/staff';
import { useContentStable } from '@/lib/api-client/use-content-stable';
import {
  AGENDA_GRID,
  datesOf,
  daysToEvents,
  awaitingAttendance,
  movedAppointmentStart,
  selectionError,
  openingMinute,
  selectionRange,
  selectionQuery,
  shiftDate,
  shiftOfDate,
  toResources,
  visibleRange,
  type AgendaAppointment,
  type AgendaEvent,
  type AgendaLeave,
  type AgendaView,
} from '@/lib/domain/agenda';
import { madridDate } from '@/lib/domain/time';
import type { ReliabilityTier } from '@/lib/domain/reliability';
import { AddFab } from './add-fab';
import type { AgendaCalendarHandle, CalendarMove, CalendarSelection } from './agenda-calendar';
import { AgendaFacade } from './agenda-facade';
import { AppointmentDialog } from './appointment-dialog';
import { AttendanceList } from './attendance-list';
import { DateNavigator } from './date-navigator';
import { SLOT_PX } from './event-content';
import { coloredEvents } from './event-style';
import { LeaveDialog } from './leave-dialog';
import { NewEventDialog, type SlotSelection } from './new-event-dialog';
import { SettingsPanel } from './settings-panel';
import { useAgendaView, useHiddenStylists, useNow } from './use-agenda-view';
import { WaitingLink } from './waiting-link';
import './agenda.css';

/**
 * The agenda's URL for a date: `/?date=YYYY-MM-DD`, keeping the other query parameters (`eventId` while
 * an event is being highlighted). Written with `history.replaceState`, which the Next router follows
 * (useSearchParams), without a server round trip per day: a reload or a shared link opens that date.
 */
function replaceDateInUrl(date: string, drop: string[] = []) {
  const url = new URL(window.location.href);
  for (const key of drop) url.searchParams.delete(key);
  url.searchParams.set('date', date);
  if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}

/**
 * The FullCalendar grid renders in the browser only (it measures the page) and is loaded on the first
 * interaction (see `useEngagement`): until then the day shows as its first view (agenda-facade.tsx), and
 * everything around it — the date bar, the add button — comes with the server's HTML.
 */
const AgendaCalendar = dynamic(() => import('./agenda-calendar').then((m) => m.AgendaCalendar), {
  ssr: false,
  loading: () => <Spinner />,
});

/** Delays of spec sections 4 and 9. */
const UNBLUR_AFTER_MS = 100;
const SCROLL_AFTER_MS = 1200;
const HIGHLIGHT_FOR_MS = 3000;
/**
 * SWR options of the first view, whose data came with the page: not fetched again while the page loads
 * (data SWR lacks, such as a stored week view's, is fetched as usual).
 */
const FIRST_VIEW_SWR = { revalidateIfStale: false } as const;
/** After a touch (a tap, a scroll and its momentum), the calendar loads once the screen is still this long. */
const SETTLE_AFTER_TOUCH_MS = 400;

let engagedInThisDocument = false;

/**
 * Where the focus goes in the calendar when it replaces the first view (`first`) while `active` has the
 * focus there: a CSS selector of the same event, stylist header or Configuración button; null otherwise.
 */
function counterpartOf(first: HTMLElement, active: Element | null): string | null {
  if (!(active instanceof HTMLElement) || !first.contains(active)) return null;
  if (active.dataset.eventId) return `.fc-event[data-event-id="${CSS.escape(active.dataset.eventId)}"]`;
  if (active.classList.contains('agenda-resource')) return `.agenda-resource[title="${CSS.escape(active.title)}"]`;
  if (active.classList.contains('agenda-settings-btn')) return '.agenda-settings-btn';
  return null;
}

/**
 * Whether the user has started using the agenda: a mouse moving, a key, a wheel, or a touch gesture that
 * has ended and settled (the gesture itself is served by the first view). From then on FullCalendar is
 * loaded and takes over (Lighthouse's facade pattern — the page is usable before the heavy
 * calendar script runs).
 */
function useEngagement(): [boolean, () => void] {
  // Once engaged, the agenda opened again in the same document (after a wizard, Volver) uses the calendar
  // at once: its script is loaded, and the user is at work. Set in the browser only.
  const [engaged, setEngaged] = useState(() => engagedInThisDocument);
  const engage = useCallback(() => {
    engagedInThisDocument = true;
    setEngaged(true);
  }, []);
  useEffect(() => {
    if (engaged) return;
    let settle = 0;
    let touched = false;
    let fingers = 0;
    // After a touch, once no finger is down and the grid has stopped scrolling (momentum included). Not
    // before a first touch: the grid scrolls itself to 08:00 when it opens.
    const settleThenEngage = () => {
      window.clearTimeout(settle);
      if (touched && fingers === 0) settle = window.setTimeout(engage, SETTLE_AFTER_TOUCH_MS);
    };
    const onTouch = (e: TouchEvent) => {
      touched = true;
      fingers = e.touches.length;
      settleThenEngage();
    };
    const onPointerMove = (e: PointerEvent) => {
      if (e.pointerType === 'mouse') engage();
    };
    const events: [string, EventListener][] = [
      ['pointermove', onPointerMove as EventListener],
      ['keydown', engage],
      ['wheel', engage],
      ['touchstart', onTouch as EventListener],
      ['touchend', onTouch as EventListener],
      ['touchcancel', onTouch as EventListener],
      ['scroll', settleThenEngage],
    ];
    for (const [type, fn] of events) window.addEventListener(type, fn, { capture: true, passive: true });
    return () => {
      window.clearTimeout(settle);
      for (const [type, fn] of events) window.removeEventListener(type, fn, { capture: true });
    };
  }, [engaged, engage]);
  return [engaged, engage];
}

export type AgendaProps = {
  myEmail: string;
  /** `?date=` of the URL (after a wizard): the date to open. */
  focusDate: string | null;
  /** `?eventId=`: the event to scroll to and highlight. */
  focusEventId: string | null;
  /** Today's Madrid date when the page was served (the day shown without `?date=`). */
  today: string;
  /** When the page was served (epoch ms): the first render's clock (past events, the time indicator). */
  now: number;
  /** The page's CSP nonce: the first view's server markup then scrolls itself to its opening (agenda-facade.tsx). */
  scriptNonce?: string;
  /** Whether clients can book online yet (lib/domain/service `bookingSetup`): otherwise a hint says what to do. */
  setup?: 'none' | 'unassigned' | 'ready';
};

type Opened = { kind: 'appointment'; record: AgendaAppointment } | { kind: 'leave'; record: AgendaLeave } | null;

/**
 * The staff agenda (spec section 2, "Agenda"): the date navigator (which keeps `?date=` of the URL in
 * step), "¿Vinieron?" and "N en espera" beside it, the resource calendar of the visible day or week with
 * the Configuración button in its time-gutter corner, the floating add button and the dialogs of a
 * selected slot, an appointment (with its cancellation) and a blocked slot.
 */
export function Agenda({ myEmail, focusDate, focusEventId, today, now: servedAt, scriptNonce, setup = 'ready' }: AgendaProps) {
  const t = useTranslations('agenda');
  const tc = useTranslations('common');
  const router = useAppRouter();
  const now = useNow(undefined, servedAt);
  const [engaged, engage] = useEngagement();
  /** FullCalendar has rendered: the first view is gone. */
  const [calendarReady, setCalendarReady] = useState(false);
  const facade = useRef<HTMLDivElement>(null);
  const [view, setView] = useAgendaView();
  const [date, setDate] = useState<string>(focusDate ?? today);
  const [hidden, setHidden] = useHiddenStylists();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [selection, setSelection] = useState<SlotSelection | null>(null);
  /** The selection was made by a long press: the release must not click the dialog it opens. */
  const [selectedByTouch, setSelectedByTouch] = useState(false);
  const [opened, setOpened] = useState<Opened>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const calendar = useRef<AgendaCalendarHandle>(null);

  // In use: the user has started, or the view needs the calendar (a stored week view).
  const live = engaged || view !== 'day';
  const range = useMemo(() => visibleRange(date, view), [date, view]);
  const dates = useMemo(() => datesOf(range), [range]);
  // The first view shows what the server has just read: it is revalidated when the user starts using the
  // agenda (below), not while the page loads; other dates and later visits revalidate as usual.
  const employees = useStaffEmployees(live ? undefined : FIRST_VIEW_SWR);
  const agenda = useAgendaDays(range, live ? undefined : FIRST_VIEW_SWR);
  const { mutate: refreshEmployees } = employees;
  const { mutate: refreshAgenda } = agenda;
  useEffect(() => {
    if (!live) return;
    void refreshEmployees();
    void refreshAgenda();
  }, [live, refreshEmployees, refreshAgenda]);

  // Unchanged data re-fetched (SWR revalidating what the page brought) keeps its reference: new arrays
  // would make FullCalendar re-render every cell and event.
  const agendaDays = useContentStable(agenda.data);
  const staff = useContentStable(employees.data);
  const tiers = useTranslations('clients.reliability.tier');
  const texts = useMemo(
    () => ({
      leave: t('leaveEvent'),
      closed: t('closed'),
      visit: (position: number, size: number) => t('visitLabel', { position, size }),
      marks: { tier: (tier: ReliabilityTier) => tiers(tier), unconfirmed: t('unconfirmed') },
    }),
    [t, tiers],
  );
  const events = useMemo(() => daysToEvents(agendaDays ?? [], now, texts), [agendaDays, now, texts]);
  // "¿Vinieron?": today's started appointments without an attendance mark.
  const awaiting = useMemo(() => awaitingAttendance(agendaDays ?? [], madridDate(now), now), [agendaDays, now]);
  const resources = useMemo(() => toResources(staff ?? [], myEmail, dates, hidden), [staff, myEmail, dates, hidden]);
  const colored = useMemo(() => coloredEvents(events, resources), [events, resources]);

  // The first view serves the day view until the calendar has rendered; a week needs the calendar.
  const showFacade = view === 'day' && !calendarReady;
  // The calendar opens where the first view was scrolled to, then replaces it; a keyboard focus inside the
  // first view moves to the same event or control of the calendar.
  const refocus = useRef<string | null>(null);
  const onCalendarReady = useCallback(() => {
    const el = facade.current;
    if (el) {
      calendar.current?.scrollTo(AGENDA_GRID.startMinute + (el.scrollTop * AGENDA_GRID.slotMinutes) / SLOT_PX, el.scrollLeft);
      refocus.current = counterpartOf(el, document.activeElement);
    }
    setCalendarReady(true);
  }, []);
  useEffect(() => {
    const selector = refocus.current;
    refocus.current = null;
    if (calendarReady && selector) document.querySelector<HTMLElement>(`.agenda-calendar-layer ${selector}`)?.focus();
  }, [calendarReady]);

  // Blur while loading; lift it 100 ms after loading ends (spec section 4). Data the page brought (SWR
  // fallback, first view) is shown unblurred while SWR revalidates it.
  // A failed load being retried shows its error instead (below).
  const loading = (agenda.isLoading && !agenda.data && !agenda.error) || (employees.isLoading && !employees.data);
  // Data the page brought is shown at once (no blur to lift after hydration).
  const [lingering, setLingering] = useState(loading);
  const [wasLoading, setWasLoading] = useState(loading);
  if (loading !== wasLoading) {
    setWasLoading(loading);
    if (loading) setLingering(true);
  }
  useEffect(() => {
    if (loading || !lingering) return;
    const id = setTimeout(() => setLingering(false), UNBLUR_AFTER_MS);
    return () => clearTimeout(id);
  }, [loading, lingering]);
  const blurred = loading || lingering;

  // After a wizard (`?date=…&eventId=…`): wait 1200 ms once the day is loaded, scroll the event into
  // view, highlight it for about 3 s, then drop eventId from the URL (the date stays).
  const [focus, setFocus] = useState(focusEventId);
  const dateRef = useRef(date);
  useEffect(() => {
    dateRef.current = date;
  }, [date]);
  // A new `?date=&eventId=` while the agenda is already open (same page, new query).
  const [lastFocus, setLastFocus] = useState({ focusDate, focusEventId });
  if (lastFocus.focusDate !== focusDate || lastFocus.focusEventId !== focusEventId) {
    setLastFocus({ focusDate, focusEventId });
    if (focusDate) setDate(focusDate);
    if (focusEventId) setFocus(focusEventId);
  }
  const loaded = agenda.data !== undefined;
  useEffect(() => {
    if (!focus || !loaded) return;
    const show = setTimeout(() => {
      const el = document.querySelector(`[data-event-id="${CSS.escape(focus)}"]`);
      el?.scrollIntoView({ behavior: 'smooth', block: 'center', inline: 'center' });
      setHighlightId(focus);
    }, SCROLL_AFTER_MS);
    const hide = setTimeout(() => {
      setHighlightId(null);
      setFocus(null);
      replaceDateInUrl(dateRef.current, ['eventId']);
    }, SCROLL_AFTER_MS + HIGHLIGHT_FOR_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [focus, loaded]);

  const refresh = useCallback(() => agenda.mutate(), [agenda]);
  // A failed load is never shown as a free day: the grid is covered and takes no selection.
  const failed = agenda.error !== undefined;

  const onSelect = useCallback(
    (s: CalendarSelection) => {
      if (failed) {
        calendar.current?.unselect();
        return;
      }
      const at = Date.now();
      const error = selectionError(s, events, at);
      if (error) {
        calendar.current?.unselect();
        toastError(error === 'past' ? t('pastSelection') : t('overlapSelection'));
        return;
      }
      setSelectedByTouch(s.touch);
      // The half-hour under way starts at the current minute rounded down to 5 (a walk-in).
      const range = selectionRange(s, at);
      setSelection({ start: new Date(range.start).toISOString(), end: new Date(range.end).toISOString(), resourceId: s.resourceId, resourceName: s.resourceName });
    },
    [events, failed, t],
  );

  // An appointment dropped on the calendar: the server moves it as a whole (every booking rule, the
  // client's e-mail), a service of a visit with its visit; a refusal puts the event back and shows the
  // server's reason.
  const onMove = useCallback(
    async ({ event, from, to, resourceId, revert }: CalendarMove) => {
      const record = event.obj;
      if (record.type !== 'appointment') return revert();
      try {
        await moveAppointment({
          appointment_id: record.id,
          start_time: movedAppointmentStart(record.start_time, from, to),
          employee_id: resourceId ?? record.employee_id,
          // A service of a visit takes the rest of its visit along (beyond-the-spec section 2).
          ...(record.visit ? { whole_visit: true } : {}),
        });
        toastSuccess(t('moved'));
      } catch (err) {
        revert();
        toastError(t('moveError'), err);
      }
      await refreshAgenda();
    },
    // refreshAgenda (SWR's bound mutate) keeps its identity, so the calendar's props stay the same.
    [refreshAgenda, t],
  );

  const onEventClick = useCallback((props: AgendaEvent['extendedProps']) => {
    if (props.obj.type === 'appointment') setOpened({ kind: 'appointment', record: props.obj });
    else if (props.obj.type === 'leave') setOpened({ kind: 'leave', record: props.obj });
  }, []);

  // The selected stylist's shifts on the selected date: Nuevo evento's "until closing".
  const selectionShifts = useMemo(() => {
    const employee = selection ? staff?.find((e) => e.email === selection.resourceId) : undefined;
    return employee && selection ? shiftOfDate(employee, madridDate(selection.start)).shift : [];
  }, [selection, staff]);

  const closeSelection = () => {
    setSelection(null);
    calendar.current?.unselect();
  };

  /** Every navigation (previous, next, Hoy, the date picker) shows the date and writes it to the URL. */
  const goTo = (next: string) => {
    engage();
    setDate(next);
    replaceDateInUrl(next);
  };

  const changeView = (next: AgendaView) => {
    engage();
    // The range is recomputed for the new view from the current date.
    if (next !== view) setView(next);
    replaceDateInUrl(date);
  };

  // Memoised, like every prop of the calendar: a new element would re-render FullCalendar and its content.
  const settingsButton = useMemo(
    () => (
      <button
        type="button"
        className="icon-btn agenda-settings-btn"
        aria-label={t('settings')}
        aria-haspopup="dialog"
        aria-expanded={settingsOpen}
        onClick={() => setSettingsOpen(true)}
      >
        <SettingsIcon />
      </button>
    ),
    [settingsOpen, t],
  );

  // Where a date opens (today: now; another day: its first appointment or shift), read at the clock of
  // the moment it was opened so the minute's tick does not move the grid.
  const [openedAt, setOpenedAt] = useState({ date, now: servedAt });
  if (openedAt.date !== date) setOpenedAt({ date, now });
  const openMinute = useMemo(
    () =>
      openingMinute({
        date,
        today: madridDate(openedAt.now),
        now: openedAt.now,
        events: colored,
        shifts: (staff ?? []).filter((e) => !hidden.has(e.email)).flatMap((e) => shiftOfDate(e, date).shift),
      }),
    [date, openedAt.now, colored, staff, hidden],
  );
  // A date the loaded calendar moves to scrolls to its opening minute once its appointments have arrived
  // (the calendar's own reset on a date change uses the minute known before they did); once per date, so a
  // revalidation never moves the grid under the user's finger. An event to focus scrolls by itself.
  const scrolledDate = useRef(date);
  const dayLoaded = agenda.data !== undefined;
  useEffect(() => {
    if (!calendarReady || !dayLoaded || focus || scrolledDate.current === date) return;
    // After the calendar's own date change, which runs a tick after the render (agenda-calendar.tsx).
    const id = setTimeout(() => {
      scrolledDate.current = date;
      calendar.current?.scrollTo(openMinute);
    }, 0);
    return () => clearTimeout(id);
  }, [calendarReady, dayLoaded, focus, date, openMinute]);

  /** What the calendar and the first view both show and do (kept by reference: both compare their props). */
  const shown = { date, resources, events: colored, highlightId, corner: settingsButton, openMinute, onSelect, onEventClick };

  return (
    <div className="agenda">
      <div className="agenda-toolbar">
        <DateNavigator
          date={date}
          view={view}
          onPrevious={() => goTo(shiftDate(date, view, -1))}
          onNext={() => goTo(shiftDate(date, view, 1))}
          onToday={() => goTo(madridDate(Date.now()))}
          onPick={goTo}
        />
        <AttendanceList appointments={awaiting} onMarked={refresh} />
        <WaitingLink start={range.start} end={range.end} />
      </div>

      {employees.error ? (
        <p className="agenda-message" role="alert">
          {t('employeesError')}
        </p>
      ) : employees.data && employees.data.length === 0 ? (
        <p className="agenda-message">{t('noEmployees')}</p>
      ) : staff && staff.length > 0 && resources.length === 0 ? (
        <p className="agenda-message agenda-all-hidden">
          {t('allHidden')}{' '}
          <Button variant="secondary" className="btn-compact" onClick={() => setSettingsOpen(true)}>
            {t('settings')}
          </Button>
        </p>
      ) : setup !== 'ready' ? (
        <p className="agenda-message agenda-setup">
          {t(setup === 'none' ? 'setupNone' : 'setupUnassigned')}{' '}
          <Link href={setup === 'none' ? '/services/new' : '/services'} className="btn btn-secondary btn-compact">
            {t(setup === 'none' ? 'addService' : 'seeServices')}
          </Link>
        </p>
      ) : null}

      <div className={blurred ? 'agenda-calendar is-busy' : 'agenda-calendar'} aria-busy={blurred}>
        {live ? (
          // Hidden (but laid out, FullCalendar measures it) until it has rendered over the first view.
          <div className={showFacade ? 'agenda-calendar-layer is-pending' : 'agenda-calendar-layer'}>
            <AgendaCalendar ref={calendar} view={view} {...shown} onMove={onMove} onReady={onCalendarReady} />
          </div>
        ) : null}
        {showFacade ? <AgendaFacade ref={facade} {...shown} now={now} today={madridDate(now)} selection={selection} scriptNonce={scriptNonce} /> : null}
        {failed ? (
          <div className="agenda-load-error" role="alert">
            <p>{t('loadError')}</p>
            <Button variant="secondary" busy={agenda.isValidating} onClick={() => void refresh()}>
              {tc('retry')}
            </Button>
          </div>
        ) : null}
      </div>

      <AddFab />

      <SettingsPanel
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        view={view}
        hidden={hidden}
        employees={employees.data ?? []}
        myEmail={myEmail}
        onApply={(nextView, nextHidden) => {
          changeView(nextView);
          setHidden(nextHidden);
          setSettingsOpen(false);
        }}
      />

      <NewEventDialog
        selection={selection}
        guardRelease={selectedByTouch}
        shifts={selectionShifts}
        onClose={closeSelection}
        onChoose={(kind, s) => {
          closeSelection();
          router.push(`/new/${kind}?${selectionQuery(s)}`);
        }}
        onBlocked={() => {
          closeSelection();
          void refresh();
        }}
      />

      <AppointmentDialog
        key={opened?.kind === 'appointment' ? opened.record.id : 'none'}
        appointment={opened?.kind === 'appointment' ? opened.record : null}
        now={now}
        onClose={() => setOpened(null)}
        onCancelled={refresh}
      />

      <LeaveDialog
        key={opened?.kind === 'leave' ? opened.record.id : 'none-leave'}
        leave={opened?.kind === 'leave' ? opened.record : null}
        now={now}
        onClose={() => setOpened(null)}
        onUnblocked={refresh}
      />
    </div>
  );
}
