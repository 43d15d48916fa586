'use client';

import { createElement } from 'react';
import type { ElementFactory } from '@/components/ui/element-factory';
import type { AgendaEvent } from '@/lib/domain/agenda';
import { MINUTE_MS } from '@/lib/domain/time';
import { timeOf } from '@/lib/format';

/**
 * Height (px) of 30 minutes in the grid (`.fc-timegrid-slot` in agenda.css) and of a line of event text
 * (0.8rem × 1.25): how many lines an event of a given length holds.
 */
export const SLOT_PX = 44;
export const LINE_PX = 16;
/** Border and padding of an event box (px). */
const BOX_PX = 4;

/** The whole lines of text an event of `minutes` holds (at least one: the minimum event height). */
export function linesFor(minutes: number): number {
  return Math.max(1, Math.floor(((minutes * SLOT_PX) / 30 - BOX_PX) / LINE_PX));
}

/**
 * What an event box shows: who (client or Franja bloqueada), what (service or note), when, for a service
 * of a visit of two or more its label (`Visita 1/2`, apart from a busy part's `(1/2)` after the service), and an
 * appointment's marks (its client's tier, "Sin confirmar") joined.
 */
export type EventText = { who: string; what: string; time: string; visit?: string; marks?: string };

/** The texts of an appointment or leave event; null for the all-day shift entries (shown as titled). */
export function eventText(props: AgendaEvent['extendedProps'], start: Date | null, end: Date | null, leaveText: string): EventText | null {
  const { obj, part, visit, marks } = props;
  const time = start && end ? `${timeOf(start.getTime())} – ${timeOf(end.getTime())}` : '';
  if (obj.type === 'appointment') {
    const what = part ? `${obj.service_name} (${part})` : obj.service_name;
    return { who: obj.client_name, what, time, ...(visit ? { visit } : {}), ...(marks?.length ? { marks: marks.join(' · ') } : {}) };
  }
  if (obj.type === 'leave') return { who: leaveText, what: obj.notes?.trim() ?? '', time };
  return null;
}

/**
 * What the content of an event box is built from: FullCalendar's `EventContentArg` has this shape, and the
 * agenda's first view (agenda-facade.tsx) builds it from the event itself.
 */
export type EventContentInput = {
  event: { extendedProps: Record<string, unknown>; start: Date | null; end: Date | null; title: string };
  timeText: string;
};

/**
 * Content built with the factory FullCalendar hands its content hooks (its own preact) renders inside the
 * calendar's tree: no React portal per event or column header, and no React re-render of them all at each
 * calendar update. React's factory serves the tests.
 */
const reactElement = createElement as unknown as ElementFactory;

/**
 * FullCalendar `eventContent` of the agenda: the client's name first (with the appointment's marks after it),
 * then the service (and the visit's label, `Visita 1/2`, for a service of a visit), then the time, laid out for
 * the lines the box holds:
 * - one line (15–20 minutes): `Juan Pérez · Corte de pelo`, cut with an ellipsis only at its end, so
 *   the name (which comes first) keeps its full width before the service shrinks; the time is in the
 *   accessible text and the tooltip;
 * - two lines (25–35 minutes): the same text wrapping over both lines, the time after it in small type,
 *   the ellipsis at the end of the second line (a long name wraps instead of being cut);
 * - more: name, marks, service, visit label and time each on their own lines.
 * `h` builds the elements (FullCalendar's factory in the calendar; React's by default: the first view, tests).
 */
export function renderEventContent(arg: EventContentInput, leaveText: string, h: ElementFactory = reactElement): unknown {
  const props = arg.event.extendedProps as Partial<AgendaEvent['extendedProps']>;
  // The mirror of a slot being selected has no record: its time range only.
  if (!props.obj) return h('div', { className: 'agenda-ev' }, arg.timeText);
  const text = eventText(props as AgendaEvent['extendedProps'], arg.event.start, arg.event.end, leaveText);
  if (!text) return h('div', { className: 'agenda-ev agenda-ev--shift', title: arg.event.title }, arg.event.title);
  const minutes = arg.event.start && arg.event.end ? (arg.event.end.getTime() - arg.event.start.getTime()) / MINUTE_MS : 0;
  const lines = linesFor(minutes);
  const tooltip = [text.who, text.marks, text.what, text.visit, text.time].filter(Boolean).join(' · ');
  if (lines <= 2) {
    const time = !text.time
      ? null
      : lines === 1
        ? h('span', { className: 'sr-only' }, `, ${text.time}`)
        : h('span', { className: 'agenda-ev-time' }, ` ${text.time}`);
    return h(
      'div',
      { className: lines === 1 ? 'agenda-ev agenda-ev--line' : 'agenda-ev agenda-ev--flow', title: tooltip },
      h(
        'div',
        { className: 'agenda-ev-text' },
        h('span', { className: 'agenda-ev-who' }, text.who),
        text.marks ? h('span', { className: 'agenda-ev-marks' }, ` · ${text.marks}`) : null,
        text.what ? h('span', { className: 'agenda-ev-what' }, ` · ${text.what}`) : null,
        text.visit ? h('span', { className: 'agenda-ev-visit' }, ` · ${text.visit}`) : null,
        time,
      ),
    );
  }
  return h(
    'div',
    { className: 'agenda-ev agenda-ev--tall', title: tooltip },
    h('div', { className: 'agenda-ev-who agenda-ev-wrap' }, text.who),
    text.marks ? h('div', { className: 'agenda-ev-marks' }, text.marks) : null,
    text.what ? h('div', { className: 'agenda-ev-what agenda-ev-wrap' }, text.what) : null,
    text.visit ? h('div', { className: 'agenda-ev-visit' }, text.visit) : null,
    text.time ? h('div', { className: 'agenda-ev-time' }, text.time) : null,
  );
}
