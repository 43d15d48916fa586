import messages from '@/lib/i18n/messages/es.json';
import { activityHref, describeActivity, freshIds, mergePages, relativeTimeLabel, type Translate } from './activity-text';

/** The `activities` messages with their `{placeholders}` filled (the sentences use no other ICU syntax). */
const t: Translate = (key, values = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages.activities);
  if (typeof text !== 'string') throw new Error(`no message ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for ${name} in ${key}`);
    return String(values[name]);
  });
};

// 09:00 UTC on a winter Monday is 10:00 in Madrid.
const START = '2026-11-23T09:00:00.000Z';
const ID = '0b3c6f1e-5a4d-4a8e-9f0e-1c2d3e4f5a6b';
const booking = { id: ID, start_time: START, service_name: 'Corte de pelo', employee_name: 'Sara López', client_name: 'Ana García' };

describe('the sentence of each activity type', () => {
  it.each([
    [
      'a client booking',
      { type: 'client_appointment_created', data: { ...booking, created_by: 'cliente@klok.demo' } },
      'Ana García ha reservado Corte de pelo con Sara López para el lunes 23 de noviembre a las 10:00',
      null,
      `/?date=2026-11-23&eventId=${ID}`,
    ],
    [
      'a staff booking',
      { type: 'employee_appointment_created', data: { ...booking, created_by: 'Marcos Ruiz' } },
      'Marcos Ruiz ha creado una cita de Corte de pelo para Ana García con Sara López el lunes 23 de noviembre a las 10:00',
      null,
      `/?date=2026-11-23&eventId=${ID}`,
    ],
    [
      'a cancellation (the agenda no longer draws it: only its date)',
      { type: 'appointment_cancelled', data: { ...booking, created_by: 'Lucía Martín' } },
      'Se ha cancelado la cita de Ana García: Corte de pelo con Sara López el lunes 23 de noviembre a las 10:00',
      'Cancelada por Lucía Martín',
      '/?date=2026-11-23',
    ],
    [
      'a cancellation with a reason',
      { type: 'appointment_cancelled', data: { ...booking, created_by: 'Lucía Martín', notes: 'La clienta está enferma' } },
      'Se ha cancelado la cita de Ana García: Corte de pelo con Sara López el lunes 23 de noviembre a las 10:00',
      'Cancelada por Lucía Martín · Motivo: La clienta está enferma',
      '/?date=2026-11-23',
    ],
    [
      "a client's booking for a family member: from whose account",
      { type: 'client_appointment_created', data: { ...booking, client_name: 'Leo García', account_name: 'Ana García', created_by: 'cliente@klok.demo' } },
      'Leo García ha reservado Corte de pelo con Sara López para el lunes 23 de noviembre a las 10:00',
      'Desde la cuenta de Ana García',
      `/?date=2026-11-23&eventId=${ID}`,
    ],
    [
      'a move (the agenda on the new date, highlighting it)',
      { type: 'appointment_moved', data: { ...booking, created_by: 'Lucía Martín', previous_start_time: '2026-11-20T09:00:00.000Z' } },
      'Lucía Martín ha cambiado la cita de Ana García (Corte de pelo) al lunes 23 de noviembre a las 10:00 con Sara López',
      null,
      `/?date=2026-11-23&eventId=${ID}`,
    ],
    [
      'a new client',
      { type: 'user_created', data: { name: 'Pablo Núñez', email: 'pablo@example.com' } },
      'Nuevo cliente: Pablo Núñez (pablo@example.com)',
      null,
      '/clients/pablo@example.com',
    ],
    [
      'a new client without a name yet',
      { type: 'user_created', data: { name: '', email: 'pablo+salon@example.com' } },
      'Nuevo cliente: pablo+salon@example.com',
      null,
      '/clients/pablo%2Bsalon@example.com',
    ],
    ['a deleted client', { type: 'user_deleted', data: {} }, 'Se ha eliminado un cliente', null, null],
    [
      'a deleted client, with who deleted it (no personal data)',
      { type: 'user_deleted', data: { name: 'Cliente eliminado', email: 'eliminado-1@klok.invalid', deleted_by: 'Lucía Martín' } },
      'Se ha eliminado un cliente',
      'Eliminado por Lucía Martín',
      null,
    ],
  ] as const)('%s', (_label, activity, text, detail, href) => {
    expect(describeActivity(activity, t)).toEqual({ text, detail, href });
  });

  it('uses the Madrid date: a late evening UTC start is the next day in Madrid', () => {
    const a = { type: 'client_appointment_created' as const, data: { ...booking, start_time: '2026-07-01T22:30:00.000Z' } };
    expect(describeActivity(a, t).text).toBe('Ana García ha reservado Corte de pelo con Sara López para el jueves 2 de julio a las 00:30');
    expect(activityHref(a)).toBe(`/?date=2026-07-02&eventId=${ID}`);
  });

  it('is no link when the data lacks what the link needs, and leaves out an unknown author', () => {
    expect(activityHref({ type: 'employee_appointment_created', data: { ...booking, start_time: 'nunca' } })).toBeNull();
    expect(activityHref({ type: 'user_created', data: { name: 'Sin correo' } })).toBeNull();
    expect(activityHref({ type: 'client_appointment_created', data: { ...booking, id: undefined } })).toBe('/?date=2026-11-23');
    expect(describeActivity({ type: 'appointment_cancelled', data: booking }, t).detail).toBeNull();
  });

  it('falls back to a neutral sentence for a type this screen does not know yet', () => {
    expect(describeActivity({ type: 'something_new' as never, data: {} }, t)).toEqual({ text: 'Nueva actividad', detail: null, href: null });
  });
});

describe('relative time labels (spec section 9)', () => {
  const NOW = Date.parse('2026-11-23T12:00:00.000Z');
  it.each([
    [0, 'justo ahora'],
    [59_000, 'justo ahora'],
    [60_000, 'hace 1 m'],
    [45 * 60_000, 'hace 45 m'],
    [60 * 60_000, 'hace 1 h'],
    [23 * 3_600_000 + 59 * 60_000, 'hace 23 h'],
    [24 * 3_600_000, '22/11/2026'],
    [400 * 24 * 3_600_000, '19/10/2025'],
  ])('%i ms ago reads %s', (ago, label) => {
    expect(relativeTimeLabel(new Date(NOW - ago).toISOString(), NOW, t)).toBe(label);
  });
});

describe('what is new in a view', () => {
  const items = (...ids: number[]) => ids.map((id) => ({ id }));

  it.each([
    ['nothing was new', items(10, 9, 8), { topId: 10, unseen: 0 }, []],
    ['the two newest were new', items(10, 9, 8), { topId: 10, unseen: 2 }, [10, 9]],
    ['all of the first page and more were new', items(10, 9, 8, 7, 6), { topId: 10, unseen: 4 }, [10, 9, 8, 7]],
    ['ids need not be consecutive (other tenants share the sequence)', items(40, 31, 12, 5), { topId: 40, unseen: 2 }, [40, 31]],
    ['items that arrived after the view opened are new too', items(13, 12, 10, 9), { topId: 10, unseen: 1 }, [13, 12, 10]],
    ['no anchor yet', items(3, 2), null, []],
  ] as const)('%s', (_label, list, anchor, fresh) => {
    expect([...freshIds(list, anchor)].sort((a, b) => b - a)).toEqual(fresh);
  });

  it('merges pages newest first, each id once', () => {
    expect(mergePages([{ items: items(9, 8, 7) }, { items: items(7, 6) }, { items: items(11) }]).map((i) => i.id)).toEqual([11, 9, 8, 7, 6]);
  });
});
