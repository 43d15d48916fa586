import { FALLBACK_EMPLOYEE_COLOR, type AgendaEvent, type AgendaResource } from '@/lib/domain/agenda';
import { AA_CONTRAST, contrastRatio, dimColor, parseHex, readableTextColor } from './contrast';

/** Class of the event highlighted after a wizard (spec section 2: about 3 s). */
export const HIGHLIGHT_CLASS = 'agenda-event--highlight';

/** Brightness of past events' backgrounds (spec section 4: 80 %). */
const PAST_BRIGHTNESS = 0.8;

/**
 * The event with its colours resolved: the stylist's colour (or the event's own), dimmed to 80 % when
 * past, and a text colour that reaches WCAG AA on it (the event's own text colour when that does).
 */
export function withReadableColors(event: AgendaEvent, resourceColor: string | undefined): AgendaEvent {
  const own = event.backgroundColor && parseHex(event.backgroundColor) ? event.backgroundColor : undefined;
  const base = own ?? (resourceColor && parseHex(resourceColor) ? resourceColor : FALLBACK_EMPLOYEE_COLOR);
  const background = event.extendedProps.past ? dimColor(base, PAST_BRIGHTNESS) : base;
  const text =
    event.textColor && parseHex(event.textColor) && contrastRatio(event.textColor, background) >= AA_CONTRAST
      ? event.textColor
      : readableTextColor(background);
  return { ...event, backgroundColor: background, borderColor: background, textColor: text };
}

/** Every event with its colours resolved against its stylist's colour (`withReadableColors`). */
export function coloredEvents(events: AgendaEvent[], resources: AgendaResource[]): AgendaEvent[] {
  const colors = new Map(resources.map((r) => [r.id, r.eventColor]));
  return events.map((e) => withReadableColors(e, colors.get(e.resourceId)));
}

/**
 * Minimum width (px) of a stylist-day column (FullCalendar `dayMinWidth`, and the first view's): narrower
 * columns make the grid scroll sideways, with the time axis kept in place, instead of squeezing the events
 * unreadable.
 */
export const COLUMN_MIN_PX = { day: 100, week: 120 } as const;

/** Minimum height (px) of an event box: one readable line for a 15-minute appointment. */
export const EVENT_MIN_HEIGHT_PX = 22;

/** A long press (ms) selects a slot on a touch screen: FullCalendar's `selectLongPressDelay` and the first view's. */
export const LONG_PRESS_MS = 250;
