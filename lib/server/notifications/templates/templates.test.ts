/**
 * The e-mail templates: Spanish subject, text and HTML with the salon's name, address and phone;
 * Madrid dates across daylight-saving changes; user text escaped in the HTML; the confirmation's `.ics`
 * is the one Descargar recordatorio produces and parses with a real iCalendar parser.
 */
import ical, { type VEvent } from 'node-ical';
import { buildReminder } from '@/lib/domain/reminder';
import {
  appointmentCancelledEmail,
  appointmentConfirmedEmail,
  appointmentMovedEmail,
  appointmentReminderEmail,
  clientInvitationEmail,
  escapeHtml,
  whenOf,
  type Salon,
} from '.';

const salon: Salon = { name: 'Klok Peluquería', address: 'Calle de Fuencarral 45, 28004 Madrid', phone: '+34 910 000 000' };
const XSS = '<script>alert("x")</script>';
const base = {
  salon,
  clientName: 'Ana García',
  service: 'Corte de pelo',
  employee: 'Sara López',
  start: '2026-11-30T09:00:00.000Z',
};

const expectSalon = (m: { text: string; html: string }) => {
  for (const part of [m.text, m.html]) {
    expect(part).toContain('Klok Peluquería');
    expect(part).toContain('Calle de Fuencarral 45, 28004 Madrid');
    expect(part).toContain('+34 910 000 000');
  }
};

describe('Madrid dates', () => {
  it('reads "lunes, 30 de noviembre a las 10:00" in winter (UTC+1)', () => {
    expect(whenOf('2026-11-30T09:00:00.000Z')).toBe('lunes, 30 de noviembre a las 10:00');
  });
  it('uses summer time (UTC+2) after the last Sunday of March and winter time after the last Sunday of October', () => {
    // 2026-03-29 02:00 → 03:00 in Madrid; 2026-10-25 03:00 → 02:00.
    expect(whenOf('2026-03-28T09:00:00.000Z')).toBe('sábado, 28 de marzo a las 10:00');
    expect(whenOf('2026-03-29T09:00:00.000Z')).toBe('domingo, 29 de marzo a las 11:00');
    expect(whenOf('2026-10-24T08:00:00.000Z')).toBe('sábado, 24 de octubre a las 10:00');
    expect(whenOf('2026-10-25T08:00:00.000Z')).toBe('domingo, 25 de octubre a las 09:00');
  });
  it('puts the Madrid date, not the UTC one, around midnight', () => {
    expect(whenOf('2026-06-30T22:30:00.000Z')).toBe('miércoles, 1 de julio a las 00:30');
    expect(whenOf(Date.parse('2026-12-31T23:15:00.000Z'))).toBe('viernes, 1 de enero a las 00:15');
  });
});

describe('appointment confirmed', () => {
  const input = { ...base, appointmentId: '5b0f6a53-3f7a-4f5e-9a55-2f2d4b1c0a11', end: '2026-11-30T09:30:00.000Z' };

  it('is Spanish text and HTML with the appointment and the salon', () => {
    const m = appointmentConfirmedEmail(input);
    expect(m.subject).toBe('Tu cita en Klok Peluquería está confirmada');
    expect(m.text).toContain('Hola Ana García:');
    expect(m.text).toContain('Tu cita de Corte de pelo con Sara López el lunes, 30 de noviembre a las 10:00 está confirmada.');
    expect(m.html).toContain('lunes, 30 de noviembre a las 10:00');
    expect(m.html).toMatch(/^<!doctype html>/);
    expectSalon(m);
  });

  it('attaches the same .ics as Descargar recordatorio, with the right start', () => {
    const m = appointmentConfirmedEmail(input);
    expect(m.attachments).toHaveLength(1);
    const [att] = m.attachments;
    expect(att!.filename).toBe(`${input.appointmentId}.ics`);
    expect(att!.contentType).toMatch(/^text\/calendar/);
    const download = buildReminder(
      { id: input.appointmentId, start_time: input.start, end_time: input.end },
      { name: salon.name, address: salon.address },
      { description: 'Tu cita de Corte de pelo con Sara López.' },
    )!;
    const strip = (ics: string) => ics.replace(/^DTSTAMP:.*$/m, '');
    expect(strip(att!.content)).toBe(strip(download.ics));
    const event = Object.values(ical.sync.parseICS(att!.content)).find((c) => c?.type === 'VEVENT') as VEvent;
    expect(event.uid).toBe(input.appointmentId);
    expect(event.start.toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(event.end?.toISOString()).toBe('2026-11-30T09:30:00.000Z');
    expect(event.summary).toBe('Klok Peluquería');
    expect(event.location).toBe('Calle de Fuencarral 45, 28004 Madrid');
  });

  it('keeps a service name with line breaks inside the DESCRIPTION of the attached .ics', () => {
    const m = appointmentConfirmedEmail({ ...input, service: 'Corte\rURL:http://evil.example\r\nX' });
    const ics = m.attachments[0]!.content;
    const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n|\r|\n/);
    expect(lines.filter((l) => /^URL[:;]/i.test(l))).toEqual([]);
    const event = Object.values(ical.sync.parseICS(ics)).find((c) => c?.type === 'VEVENT') as VEvent;
    expect(event.description).toBe('Tu cita de Corte\nURL:http://evil.example\nX con Sara López.');
  });

  it('escapes names and service names in the HTML, keeps them as typed in the text', () => {
    const m = appointmentConfirmedEmail({ ...input, clientName: XSS, service: `Tinte & <b>mechas</b>`, employee: `O'Brien "Sara"` });
    expect(m.html).not.toContain('<script');
    expect(m.html).not.toContain('<b>mechas');
    expect(m.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(m.html).toContain('Tinte &amp; &lt;b&gt;mechas&lt;/b&gt;');
    expect(m.html).toContain('O&#39;Brien &quot;Sara&quot;');
    expect(m.text).toContain(`Hola ${XSS}:`);
  });
});

describe('appointment moved by the salon', () => {
  const input = {
    ...base,
    appointmentId: '0b3c6f1e-5a4d-4a8e-9f0e-1c2d3e4f5a6b',
    previous: { employee: 'Marcos Ruiz', start: '2026-11-27T16:00:00.000Z' },
    start: '2026-11-30T09:00:00.000Z',
    end: '2026-11-30T09:30:00.000Z',
    sequence: 1_795_000_000,
  };

  it('says what changed: the old and the new date, time and stylist', () => {
    const m = appointmentMovedEmail(input);
    expect(m.subject).toBe('Tu cita en Klok Peluquería ha cambiado');
    expect(m.text).toContain('Hola Ana García:');
    expect(m.text).toContain('Antes: viernes, 27 de noviembre a las 17:00, con Marcos Ruiz.');
    expect(m.text).toContain('Ahora: lunes, 30 de noviembre a las 10:00, con Sara López.');
    expectSalon(m);
  });

  it('attaches the event with the confirmation\'s UID, a SEQUENCE and METHOD:PUBLISH, at the new time', () => {
    const [att] = appointmentMovedEmail(input).attachments;
    expect(att!.filename).toBe(`${input.appointmentId}.ics`);
    expect(att!.content).toMatch(/^METHOD:PUBLISH\r?$/m);
    expect(att!.content).toMatch(/^SEQUENCE:1795000000\r?$/m);
    const event = Object.values(ical.sync.parseICS(att!.content)).find((c) => c?.type === 'VEVENT') as VEvent;
    expect(event.uid).toBe(input.appointmentId);
    expect(event.start.toISOString()).toBe(input.start);
    expect(event.end?.toISOString()).toBe(input.end);
  });
});

describe('appointment cancelled by the salon', () => {
  it('gives the reason when there is one, escaped in the HTML', () => {
    const m = appointmentCancelledEmail({ ...base, reason: `Enfermedad ${XSS}` });
    expect(m.subject).toBe('Tu cita en Klok Peluquería ha sido cancelada');
    expect(m.text).toContain('Tu cita de Corte de pelo con Sara López del lunes, 30 de noviembre a las 10:00 ha sido cancelada.');
    expect(m.text).toContain(`Motivo: Enfermedad ${XSS}`);
    expect(m.html).toContain('Motivo: Enfermedad &lt;script&gt;');
    expect(m.html).not.toContain('<script');
    expectSalon(m);
  });
  it('says nothing about a reason without one', () => {
    for (const reason of [null, undefined, '', '   ']) {
      const m = appointmentCancelledEmail({ ...base, reason });
      expect(m.text).not.toContain('Motivo');
      expect(m.html).not.toContain('Motivo');
    }
  });
  it("links to the salon's booking page on the tenant's host", () => {
    const m = appointmentCancelledEmail({ ...base, reason: null, origin: 'https://salon2.klok.example/' });
    expect(m.text).not.toContain('desde la aplicación');
    expect(m.text).toContain('Si quieres, puedes pedir una nueva cita aquí:');
    expect(m.text).toContain('https://salon2.klok.example/client/new/appointment');
    expect(m.html).toContain('href="https://salon2.klok.example/client/new/appointment"');
    expect(m.html).toContain('Pedir cita en Klok Peluquería');
  });
  it('escapes a name with markup', () => {
    const m = appointmentCancelledEmail({ ...base, clientName: XSS, reason: null });
    expect(m.html).not.toContain('<script');
    expect(m.html).toContain(`Hola ${escapeHtml(XSS)}:`);
  });
});

describe('invitation of a new client', () => {
  it("links to the sign-in page of the tenant's host", () => {
    const m = clientInvitationEmail({ salon, email: 'nueva@correo.es', origin: 'https://salon2.klok.example/' });
    expect(m.subject).toBe('Klok Peluquería te invita a pedir tus citas online');
    expect(m.text).toContain('https://salon2.klok.example/login');
    expect(m.text).toContain('(nueva@correo.es)');
    expect(m.html).toContain('href="https://salon2.klok.example/login"');
    expectSalon(m);
  });
  it('escapes the salon data and the link in the HTML', () => {
    const m = clientInvitationEmail({ salon: { ...salon, name: `Pelu <img src=x onerror=alert(1)>` }, email: 'a@b.es', origin: 'http://x"><script>' });
    expect(m.html).not.toContain('<img');
    expect(m.html).not.toContain('<script');
    expect(m.html).toContain('href="http://x&quot;&gt;&lt;script&gt;/login"');
  });
});

describe('reminder 24 hours before', () => {
  it('reminds the appointment in Madrid time with the salon', () => {
    const m = appointmentReminderEmail({ ...base, start: '2026-07-15T08:00:00.000Z' });
    expect(m.subject).toBe('Recordatorio: tu cita en Klok Peluquería el miércoles, 15 de julio a las 10:00');
    expect(m.text).toContain('Te recordamos tu cita de Corte de pelo con Sara López el miércoles, 15 de julio a las 10:00.');
    expectSalon(m);
  });
  it('escapes user text in the HTML and leaves out an unknown address and phone', () => {
    const m = appointmentReminderEmail({ ...base, salon: { name: 'Klok', address: null, phone: '  ' }, service: XSS });
    expect(m.html).not.toContain('<script');
    expect(m.text).not.toContain('Dirección');
    expect(m.text).not.toContain('Teléfono');
  });
});
