import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EventContentArg } from '@fullcalendar/core';
import type { AgendaAppointment, AgendaEvent, AgendaLeave } from '@/lib/domain/agenda';
import { eventText, linesFor, renderEventContent } from './event-content';

const appointment: AgendaAppointment = {
  id: 'a1',
  type: 'appointment',
  employee_id: 'sara@klok.demo',
  employee_name: 'Sara López',
  client_id: 'juan@klok.example',
  client_name: 'Juan Pérez',
  is_guest: false,
  service_name: 'Corte de pelo',
  service_price: 15,
  date: '2026-11-23',
  start_time: '2026-11-23T09:00:00.000Z',
  end_time: '2026-11-23T09:15:00.000Z',
  status: 'pending',
  created_by: 'admin@klok.demo',
  created_by_role: 'staff',
  notes: null,
  attendance: null,
  confirmation: 'not_required',
  confirmation_cutoff_time: null,
  busy_slots: [],
};

const leave: AgendaLeave = {
  id: 'l1',
  type: 'leave',
  employee_id: 'sara@klok.demo',
  employee_name: 'Sara López',
  date: '2026-11-23',
  start_time: '2026-11-23T11:00:00.000Z',
  end_time: '2026-11-23T12:00:00.000Z',
  notes: ' Médico ',
  created_by: 'admin@klok.demo',
};

const props = (obj: AgendaAppointment | AgendaLeave, part?: string): AgendaEvent['extendedProps'] => ({
  eventId: obj.id,
  type: obj.type,
  past: false,
  obj,
  ...(part ? { part } : {}),
});

/** 10:00 Madrid (09:00 UTC) plus `minutes`. */
const at = (minutes: number) => new Date(Date.parse('2026-11-23T09:00:00.000Z') + minutes * 60_000);

function arg(extendedProps: Partial<AgendaEvent['extendedProps']>, minutes: number, title = ''): EventContentArg {
  return { event: { extendedProps, start: at(0), end: at(minutes), title }, timeText: '10:00 - 10:15' } as unknown as EventContentArg;
}

const html = (a: EventContentArg) => renderToStaticMarkup(<>{renderEventContent(a, 'Franja bloqueada') as ReactNode}</>);

describe('linesFor: whole lines of text in an event of n minutes (44 px per 30 min, 16 px a line)', () => {
  it.each([
    [5, 1],
    [15, 1],
    [20, 1],
    [25, 2],
    [30, 2],
    [35, 2],
    [40, 3],
    [60, 5],
  ])('%i min → %i', (minutes, lines) => expect(linesFor(minutes)).toBe(lines));
});

describe('eventText', () => {
  it('an appointment: the client, the service, the Madrid time range', () => {
    expect(eventText(props(appointment), at(0), at(15), 'Franja bloqueada')).toEqual({
      who: 'Juan Pérez',
      what: 'Corte de pelo',
      time: '10:00 – 10:15',
    });
  });

  it('a part of a multi-part appointment names the part after the service', () => {
    expect(eventText(props(appointment, '1/2'), at(0), at(30), '')?.what).toBe('Corte de pelo (1/2)');
  });

  it('a service of a visit carries its visit label beside the busy part\u2019s (i/n)', () => {
    const text = eventText({ ...props(appointment, '1/2'), visit: 'Visita 2/3' }, at(0), at(30), '');
    expect(text).toEqual({ who: 'Juan Pérez', what: 'Corte de pelo (1/2)', time: '10:00 – 10:30', visit: 'Visita 2/3' });
    expect(eventText(props(appointment), at(0), at(30), '')).not.toHaveProperty('visit');
  });

  it('a leave: the leave text and its note', () => {
    expect(eventText(props(leave), at(120), at(180), 'Franja bloqueada')).toEqual({
      who: 'Franja bloqueada',
      what: 'Médico',
      time: '12:00 – 13:00',
    });
  });
});

describe('renderEventContent', () => {
  it('15 minutes: one line, name first, the time only for assistive technology and the tooltip', () => {
    const out = html(arg(props(appointment), 15));
    expect(out).toContain('agenda-ev--line');
    expect(out).toMatch(/<span class="agenda-ev-who">Juan Pérez<\/span><span class="agenda-ev-what"> · Corte de pelo<\/span><span class="sr-only">, 10:00 – 10:15<\/span>/);
    expect(out).toContain('title="Juan Pérez · Corte de pelo · 10:00 – 10:15"');
  });

  it('30 minutes: the same text over two lines, the time after it in small type', () => {
    const out = html(arg(props(appointment), 30));
    expect(out).toContain('agenda-ev--flow');
    expect(out).toMatch(/Juan Pérez<\/span><span class="agenda-ev-what"> · Corte de pelo<\/span><span class="agenda-ev-time"> 10:00 – 10:30<\/span>/);
  });

  it('a service of a visit: its label after the service, on its own line in a tall box, and in the tooltip', () => {
    const visit = { ...props(appointment), visit: 'Visita 1/2' };
    const flow = html(arg(visit, 30));
    expect(flow).toMatch(/<span class="agenda-ev-what"> · Corte de pelo<\/span><span class="agenda-ev-visit"> · Visita 1\/2<\/span><span class="agenda-ev-time">/);
    expect(flow).toContain('title="Juan Pérez · Corte de pelo · Visita 1/2 · 10:00 – 10:30"');
    const tall = html(arg(visit, 75));
    expect(tall).toMatch(/<div class="agenda-ev-what agenda-ev-wrap">Corte de pelo<\/div><div class="agenda-ev-visit">Visita 1\/2<\/div><div class="agenda-ev-time">/);
  });

  it('an appointment\u2019s marks follow the name, on their own line in a tall box, and in the tooltip', () => {
    const marked = { ...props(appointment), marks: ['Nuevo', 'Sin confirmar'] };
    const flow = html(arg(marked, 30));
    expect(flow).toMatch(/<span class="agenda-ev-who">Juan Pérez<\/span><span class="agenda-ev-marks"> · Nuevo · Sin confirmar<\/span><span class="agenda-ev-what"> · Corte de pelo/);
    expect(flow).toContain('title="Juan Pérez · Nuevo · Sin confirmar · Corte de pelo · 10:00 – 10:30"');
    const tall = html(arg(marked, 75));
    expect(tall).toMatch(/<div class="agenda-ev-who agenda-ev-wrap">Juan Pérez<\/div><div class="agenda-ev-marks">Nuevo · Sin confirmar<\/div>/);
  });

  it('an hour: name, service and time on their own lines', () => {
    const out = html(arg(props(leave), 60));
    expect(out).toContain('agenda-ev--tall');
    expect(out.indexOf('Franja bloqueada')).toBeLessThan(out.indexOf('Médico'));
    expect(out.indexOf('Médico')).toBeLessThan(out.indexOf('10:00 – 11:00'));
  });

  it('the all-day shift entry shows its title; the selection mirror its time', () => {
    const shift = html(arg({ eventId: 's', type: 'shift', past: false, obj: { type: 'shift' } as never }, 24 * 60, '09:30–14:00'));
    expect(shift).toContain('>09:30–14:00<');
    expect(html(arg({}, 30))).toContain('>10:00 - 10:15<');
  });
});
