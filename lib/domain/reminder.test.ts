import ical, { type VEvent } from 'node-ical';
import { buildReminder } from './reminder';

const appointment = {
  id: '5b0f6a53-3f7a-4f5e-9a55-2f2d4b1c0a11',
  start_time: '2026-11-23T09:00:00.000Z',
  end_time: '2026-11-23T09:45:00.000Z',
};
const facility = { name: 'Peluquería Klok', address: 'Calle Mayor 1, Madrid' };
const texts = { description: 'Tu cita de Corte con Ana.' };

function eventOf(ics: string): VEvent {
  const parsed = ical.sync.parseICS(ics);
  const event = Object.values(parsed).find((c) => c?.type === 'VEVENT');
  if (!event) throw new Error('no VEVENT');
  return event as VEvent;
}

describe('buildReminder', () => {
  it('builds a confirmed event named after the appointment id', () => {
    const reminder = buildReminder(appointment, facility, texts);
    expect(reminder).not.toBeNull();
    expect(reminder!.filename).toBe(`${appointment.id}.ics`);
    const event = eventOf(reminder!.ics);
    expect(event.uid).toBe(appointment.id);
    expect(event.summary).toBe('Peluquería Klok');
    expect(event.location).toBe('Calle Mayor 1, Madrid');
    expect(event.description).toBe('Tu cita de Corte con Ana.');
    expect(event.status).toBe('CONFIRMED');
    expect(event.start.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(event.end?.toISOString()).toBe('2026-11-23T09:45:00.000Z');
  });

  it('has display alarms one day and one hour before', () => {
    const { ics } = buildReminder(appointment, facility, texts)!;
    const triggers = [...ics.matchAll(/^TRIGGER:(.*)\r?$/gm)].map((m) => m[1]);
    expect(triggers).toEqual(['-P1D', '-PT1H']);
    const alarms = (eventOf(ics) as VEvent & { alarms?: { action: string; trigger: string }[] }).alarms ?? [];
    expect(alarms.map((a) => [a.action, a.trigger])).toEqual([
      ['DISPLAY', '-P1D'],
      ['DISPLAY', '-PT1H'],
    ]);
  });

  it('leaves the location out when the facility has no address', () => {
    const { ics } = buildReminder(appointment, { ...facility, address: null }, texts)!;
    expect(eventOf(ics).location).toBeUndefined();
  });

  it('returns null and logs when the appointment or the facility is missing', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(buildReminder(null, facility, texts)).toBeNull();
      expect(buildReminder(appointment, undefined, texts)).toBeNull();
      expect(log).toHaveBeenCalledTimes(2);
    } finally {
      log.mockRestore();
    }
  });
});
