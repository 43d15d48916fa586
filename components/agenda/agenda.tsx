'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SettingsIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/components/ui/toast';
import { useAgendaDays, useStaffEmployees } from '@/lib/api-client/staff';
import { useContentStable } from '@/lib/api-client/use-content-stable';
import {
  datesOf,
  daysToEvents,
  selectionError,
  selectionQuery,
  shiftDate,
  toResources,
  todayIn,
  visibleRange,
  type AgendaAppointment,
  type AgendaEvent,
  type AgendaLeave,
  type AgendaView,
} from '@/lib/domain/agenda';
import { AddFab } from './add-fab';
import type { AgendaCalendarHandle, CalendarSelection } from './agenda-calendar';
import { AppointmentDialog } from './appointment-dialog';
import { DateNavigator } from './date-navigator';
import { LeaveDialog } from './leave-dialog';
import { NewEventDialog, type SlotSelection } from './new-event-dialog';
import { SettingsPanel } from './settings-panel';
import { useAgendaView, useNow } from './use-agenda-view';
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
 * The FullCalendar grid renders in the browser only (it measures the page) and loads after the page:
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

export type AgendaProps = {
  myEmail: string;
  /** `?date=` of the URL (after a wizard): the date to open. */
  focusDate: string | null;
  /** `?eventId=`: the event to scroll to and highlight. */
  focusEventId: string | null;
  /** Today's Madrid date when the page was served (the day shown without `?date=`). */
  today: string;
};

type Opened = { kind: 'appointment'; record: AgendaAppointment } | { kind: 'leave'; record: AgendaLeave } | null;

/**
 * The staff agenda (spec section 2, "Agenda"): the date navigator (which keeps `?date=` of the URL in
 * step), the resource calendar of the visible day or week with the Configuración button in its
 * time-gutter corner, the floating add button and the dialogs of a selected slot, an appointment (with
 * its cancellation) and a blocked slot.
 */
export function Agenda({ myEmail, focusDate, focusEventId, today }: AgendaProps) {
  const t = useTranslations('agenda');
  const router = useRouter();
  const now = useNow();
  const [view, setView] = useAgendaView();
  const [date, setDate] = useState<string>(focusDate ?? today);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [selection, setSelection] = useState<SlotSelection | null>(null);
  /** The selection was made by a long press: the release must not click the dialog it opens. */
  const [selectedByTouch, setSelectedByTouch] = useState(false);
  const [opened, setOpened] = useState<Opened>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const calendar = useRef<AgendaCalendarHandle>(null);

  const range = useMemo(() => visibleRange(date, view), [date, view]);
  const dates = useMemo(() => datesOf(range), [range]);
  const employees = useStaffEmployees();
  const agenda = useAgendaDays(range);

  // Unchanged data re-fetched (SWR revalidating what the page brought) keeps its reference: new arrays
  // would make FullCalendar re-render every cell and event.
  const agendaDays = useContentStable(agenda.data);
  const staff = useContentStable(employees.data);
  const texts = useMemo(() => ({ leave: t('leaveEvent'), closed: t('closed') }), [t]);
  const events = useMemo(() => daysToEvents(agendaDays ?? [], now, texts), [agendaDays, now, texts]);
  const resources = useMemo(() => toResources(staff ?? [], myEmail, dates, hidden), [staff, myEmail, dates, hidden]);

  // Blur while loading; lift it 100 ms after loading ends (spec section 4). Data the page brought (SWR
  // fallback, first view) is shown unblurred while SWR revalidates it.
  const loading = (agenda.isLoading && !agenda.data) || (employees.isLoading && !employees.data);
  const [lingering, setLingering] = useState(true);
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

  const onSelect = useCallback(
    (s: CalendarSelection) => {
      const error = selectionError(s, events, Date.now());
      if (error) {
        calendar.current?.unselect();
        toastError(error === 'past' ? t('pastSelection') : t('overlapSelection'));
        return;
      }
      setSelectedByTouch(s.touch);
      setSelection({ start: s.start.toISOString(), end: s.end.toISOString(), resourceId: s.resourceId, resourceName: s.resourceName });
    },
    [events, t],
  );

  const onEventClick = useCallback((props: AgendaEvent['extendedProps']) => {
    if (props.obj.type === 'appointment') setOpened({ kind: 'appointment', record: props.obj });
    else if (props.obj.type === 'leave') setOpened({ kind: 'leave', record: props.obj });
  }, []);

  const closeSelection = () => {
    setSelection(null);
    calendar.current?.unselect();
  };

  /** Every navigation (previous, next, Hoy, the date picker) shows the date and writes it to the URL. */
  const goTo = (next: string) => {
    setDate(next);
    replaceDateInUrl(next);
  };

  const changeView = (next: AgendaView) => {
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

  return (
    <div className="agenda">
      <div className="agenda-toolbar">
        <DateNavigator
          date={date}
          view={view}
          onPrevious={() => goTo(shiftDate(date, view, -1))}
          onNext={() => goTo(shiftDate(date, view, 1))}
          onToday={() => goTo(todayIn(Date.now()))}
          onPick={goTo}
        />
      </div>

      {employees.error ? (
        <p className="agenda-message" role="alert">
          {t('employeesError')}
        </p>
      ) : employees.data && employees.data.length === 0 ? (
        <p className="agenda-message">{t('noEmployees')}</p>
      ) : null}

      <div className={blurred ? 'agenda-calendar is-busy' : 'agenda-calendar'} aria-busy={blurred}>
        <AgendaCalendar
          ref={calendar}
          view={view}
          date={date}
          resources={resources}
          events={events}
          highlightId={highlightId}
          corner={settingsButton}
          onSelect={onSelect}
          onEventClick={onEventClick}
        />
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
        onClose={closeSelection}
        onChoose={(kind, s) => {
          closeSelection();
          router.push(`/new/${kind}?${selectionQuery(s)}`);
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
