import ical, { type VEvent } from 'node-ical';
import { buildReminder, revisionAt } from './reminder';

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

  describe('user text with line breaks and TEXT delimiters', () => {
    const hostile = 'Corte\rURL:http://evil.example\r\nX';
    /** The content lines a lenient parser sees: unfolded, then split on CR, LF or CRLF. */
    const linesOf = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split(/\r\n|\r|\n/);
    /** The RFC 5545 TEXT value of a property line, unescaped. */
    const unescape = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

    it('never lets a bare CR or a CRLF start a property of its own', () => {
      const { ics } = buildReminder(appointment, { name: hostile, address: hostile }, { description: `Tu cita de ${hostile} con Ana.` })!;
      const lines = linesOf(ics);
      expect(lines.filter((l) => /^URL[:;]/i.test(l))).toEqual([]);
      expect(lines.filter((l) => /^X$/.test(l))).toEqual([]);
      const description = lines.find((l) => l.startsWith('DESCRIPTION:'));
      expect(unescape(description!.slice('DESCRIPTION:'.length))).toBe('Tu cita de Corte\nURL:http://evil.example\nX con Ana.');
      const event = eventOf(ics);
      expect(event.summary).toBe('Corte\nURL:http://evil.example\nX');
      expect(event.location).toBe('Corte\nURL:http://evil.example\nX');
      expect((event as VEvent & { url?: unknown }).url).toBeUndefined();
    });

    it('escapes backslashes, semicolons and commas once, in the event and in its alarms', () => {
      const name = 'Peluquería Ana, Luis; y C:\\ "Klok"';
      const { ics } = buildReminder(appointment, { ...facility, name }, texts)!;
      const values = linesOf(ics)
        .filter((l) => l.startsWith('SUMMARY:') || l.startsWith('DESCRIPTION:'))
        .map((l) => l.slice(l.indexOf(':') + 1));
      // SUMMARY, the event's DESCRIPTION and the DESCRIPTION of each of the two alarms.
      expect(values).toHaveLength(4);
      expect(values.filter((v) => v === 'Peluquería Ana\\, Luis\\; y C:\\\\ "Klok"')).toHaveLength(3);
      expect(eventOf(ics).summary).toBe(name);
    });
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

describe('a reminder downloaded after a move', () => {
  it('updates the event of the "ha cambiado" e-mail: same UID, a higher SEQUENCE', () => {
    const moved = eventOf(buildReminder(appointment, facility, texts, revisionAt(Date.parse('2027-05-03T08:00:00Z')))!.ics);
    const downloaded = eventOf(buildReminder(appointment, facility, texts, revisionAt(Date.parse('2027-05-03T09:30:00Z')))!.ics);
    expect(downloaded.uid).toBe(moved.uid);
    expect(Number(downloaded.sequence)).toBeGreaterThan(Number(moved.sequence));
  });
});

describe('revisionAt', () => {
  it('grows with every later change and fits a 32-bit integer for decades', () => {
    const first = revisionAt(Date.parse('2027-05-03T08:00:00Z')).sequence;
    const second = revisionAt(Date.parse('2027-05-03T08:00:01Z')).sequence;
    expect(second).toBe(first + 1);
    expect(revisionAt(Date.parse('2090-12-31T23:59:59Z')).sequence).toBeLessThan(2 ** 31);
    expect(revisionAt(Date.parse('2026-01-01T00:00:00Z')).sequence).toBe(1);
  });
});
