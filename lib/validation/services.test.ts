/**
 * Request bodies of the service endpoints (spec sections 5 and 7): every rule of lib/validation/services,
 * with the Spanish messages the form and the API show.
 */
import messages from '@/lib/i18n/messages/es.json';
import {
  missingServiceFields,
  SERVICE_FORM_FIELDS,
  ZDuration,
  ZPrice,
  ZServiceCreate,
  ZServiceEmployees,
  ZServiceParams,
  ZServiceUpdate,
} from './services';

const v = messages.validation;

/** Valid information and timing: a 75-minute colour with a 30-minute rest. */
const info = () => ({
  name: 'Mechas',
  description: 'Mechas con papel de aluminio',
  price: 55.5,
  duration: 75,
  busy_slots: [
    { startMinutes: 0, endMinutes: 30 },
    { startMinutes: 60, endMinutes: 75 },
  ],
});
/** A valid new service: the information above and two stylists. */
const valid = () => ({ ...info(), employees: ['sara@klok.demo', 'marcos@klok.demo'] });

/** The issues of a failed parse as `path: message` (the API's `details.fields`). */
function issues(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('ZPrice: euros, ≥ 0, at most two decimals', () => {
  test.each([
    [-1, false],
    [-0.01, false],
    [0, true],
    [12, true],
    [12.5, true],
    [19.99, true],
    [0.1, true],
    [12.345, false],
    [0.001, false],
    [100_000, true],
    [100_000.01, false],
    ['12.5', false],
    [Number.NaN, false],
    [null, false],
  ])('%p → %p', (price, ok) => {
    const r = ZPrice.safeParse(price);
    expect(r.success ? 'ok' : r.error.issues[0]!.message).toBe(ok ? 'ok' : v.priceInvalid);
  });
});

describe('ZDuration: minutes above 0, at most 4 h 55 min, in 5-minute steps', () => {
  test.each([
    [0, false],
    [5, true],
    [7, false],
    [30, true],
    [295, true],
    [300, false],
    [-5, false],
    [12.5, false],
    ['30', false],
  ])('%p → %p', (duration, ok) => {
    const r = ZDuration.safeParse(duration);
    expect(r.success ? 'ok' : r.error.issues[0]!.message).toBe(ok ? 'ok' : v.durationInvalid);
  });
});

describe('ZServiceCreate', () => {
  it('accepts a valid body, trims texts and normalises the stylist e-mails', () => {
    const r = ZServiceCreate.parse({ ...valid(), name: '  Mechas  ', employees: ['Sara@Klok.demo', 'sara@klok.demo', 'marcos@klok.demo'] });
    expect(r).toEqual({ ...valid(), name: 'Mechas', employees: ['sara@klok.demo', 'marcos@klok.demo'] });
  });

  test.each<[string, Record<string, unknown>, string[]]>([
    ['empty name', { name: '   ' }, [`name: ${v.nameRequired}`]],
    ['missing name', { name: undefined }, [`name: ${v.nameRequired}`]],
    ['empty description', { description: '' }, [`description: ${v.descriptionRequired}`]],
    ['negative price', { price: -1 }, [`price: ${v.priceInvalid}`]],
    ['three decimals', { price: 12.345 }, [`price: ${v.priceInvalid}`]],
    ['duration 0', { duration: 0, busy_slots: [{ startMinutes: 0, endMinutes: 30 }] }, [`duration: ${v.durationInvalid}`]],
    ['duration 7', { duration: 7, busy_slots: [{ startMinutes: 0, endMinutes: 5 }] }, [`duration: ${v.durationInvalid}`]],
    ['duration 300', { duration: 300, busy_slots: [{ startMinutes: 0, endMinutes: 300 }] }, [`duration: ${v.durationInvalid}`]],
    ['no busy part', { busy_slots: [] }, [`busy_slots: ${v.segmentsEmpty}`]],
    ['a part off the grid', { busy_slots: [{ startMinutes: 0, endMinutes: 32 }] }, [`busy_slots: ${v.segmentsOffGrid}`]],
    ['an empty part', { busy_slots: [{ startMinutes: 30, endMinutes: 30 }] }, [`busy_slots: ${v.segmentsEmptyPart}`]],
    [
      'overlapping parts',
      { busy_slots: [{ startMinutes: 0, endMinutes: 40 }, { startMinutes: 30, endMinutes: 75 }] },
      [`busy_slots: ${v.segmentsOverlap}`],
    ],
    ['a part outside the duration', { busy_slots: [{ startMinutes: 0, endMinutes: 80 }] }, [`busy_slots: ${v.segmentsOutside}`]],
    ['a part before 0', { busy_slots: [{ startMinutes: -5, endMinutes: 30 }] }, [`busy_slots: ${v.segmentsOutside}`]],
    ['a fractional minute', { busy_slots: [{ startMinutes: 0, endMinutes: 30.5 }] }, [`busy_slots.0.endMinutes: ${v.segmentsOffGrid}`]],
    ['no stylist', { employees: [] }, [`employees: ${v.employeesRequired}`]],
    ['a stylist that is not an e-mail', { employees: ['sara'] }, ['employees.0: Introduce un correo electrónico válido']],
    ['an unknown field', { color: '#fff' }, [': Unrecognized key: "color"']],
  ])('%s → 400 field %j', (_label, patch, expected) => {
    expect(issues(ZServiceCreate, { ...valid(), ...patch })).toEqual(expected);
  });

  test.each<[string, { startMinutes: number; endMinutes: number }[]]>([
    ['touching parts', [{ startMinutes: 0, endMinutes: 30 }, { startMinutes: 30, endMinutes: 75 }]],
    ['one part over the whole service', [{ startMinutes: 0, endMinutes: 75 }]],
    ['a rest at the end', [{ startMinutes: 0, endMinutes: 45 }]],
  ])('accepts %s', (_label, busy_slots) => {
    expect(issues(ZServiceCreate, { ...valid(), busy_slots })).toEqual([]);
  });

  it('reports an empty part list even when the duration is invalid too', () => {
    expect(issues(ZServiceCreate, { ...valid(), duration: 0, busy_slots: [] })).toEqual([
      `duration: ${v.durationInvalid}`,
      `busy_slots: ${v.segmentsEmpty}`,
    ]);
  });

  it('reports the busy parts even when another field has the wrong type', () => {
    expect(issues(ZServiceCreate, { ...valid(), price: 'doce', busy_slots: [{ startMinutes: 0, endMinutes: 80 }] })).toEqual([
      'price: ' + v.priceInvalid,
      `busy_slots: ${v.segmentsOutside}`,
    ]);
  });
});

describe('ZServiceUpdate: the information and timing, without stylists', () => {
  it('accepts the five fields', () => {
    expect(ZServiceUpdate.parse(info())).toEqual(info());
  });

  it('requires every field (the edit form sends them all)', () => {
    expect(issues(ZServiceUpdate, { name: 'Mechas' }).map((i) => i.split(':')[0])).toEqual(['description', 'price', 'duration', 'busy_slots']);
  });

  it('refuses stylists (they have their own endpoint) and applies the segment rules', () => {
    expect(issues(ZServiceUpdate, valid())).toEqual([': Unrecognized key: "employees"']);
    expect(issues(ZServiceUpdate, { ...info(), duration: 60 })).toEqual([`busy_slots: ${v.segmentsOutside}`]);
  });
});

describe('ZServiceEmployees', () => {
  test.each<[unknown, string[] | null]>([
    [{ employees: ['sara@klok.demo'] }, ['sara@klok.demo']],
    [{ employees: ['SARA@klok.demo', 'sara@klok.demo', 'admin@klok.demo'] }, ['sara@klok.demo', 'admin@klok.demo']],
    [{ employees: [] }, null],
    [{}, null],
    [{ employees: 'sara@klok.demo' }, null],
    [{ employees: ['sara@klok.demo'], extra: 1 }, null],
  ])('%j → %j', (body, expected) => {
    const r = ZServiceEmployees.safeParse(body);
    expect(r.success ? r.data.employees : null).toEqual(expected);
  });

  it('says at least one stylist is needed', () => {
    expect(issues(ZServiceEmployees, { employees: [] })).toEqual([`employees: ${v.employeesRequired}`]);
  });
});

describe('ZServiceParams', () => {
  test.each<[Record<string, string>, { facilityId: number; serviceId: number } | null]>([
    [{ facilityId: '1', serviceId: '7' }, { facilityId: 1, serviceId: 7 }],
    [{ facilityId: '2', serviceId: '7' }, null],
    [{ facilityId: '1', serviceId: '0' }, null],
    [{ facilityId: '1', serviceId: '-3' }, null],
    [{ facilityId: '1', serviceId: 'abc' }, null],
    [{ facilityId: '1', serviceId: '1.5' }, null],
    [{ facilityId: '1', serviceId: '2147483647' }, { facilityId: 1, serviceId: 2_147_483_647 }],
    [{ facilityId: '1', serviceId: '2147483648' }, null],
  ])('%j → %j', (params, expected) => {
    const r = ZServiceParams.safeParse(params);
    expect(r.success ? r.data : null).toEqual(expected);
  });
});

describe('missingServiceFields: the "Faltan campos por rellenar" list, in the spec order', () => {
  it('lists the fields in the order of spec section 5', () => {
    expect(SERVICE_FORM_FIELDS).toEqual(['name', 'description', 'price', 'employees', 'duration', 'busy_slots']);
  });

  test.each<[string, unknown, string[]]>([
    ['a complete form', valid(), []],
    ['an empty form', {}, ['name', 'description', 'price', 'employees', 'duration', 'busy_slots']],
    [
      'a fresh form (empty texts, no price, default 30 minutes, no parts, no stylists)',
      { name: '', description: '', duration: 30, busy_slots: [], employees: [] },
      ['name', 'description', 'price', 'employees', 'busy_slots'],
    ],
    ['only the stylists missing', { ...valid(), employees: [] }, ['employees']],
    ['duration 0 and no parts', { ...valid(), duration: 0, busy_slots: [] }, ['duration', 'busy_slots']],
    ['parts beyond a shortened duration', { ...valid(), duration: 60 }, ['busy_slots']],
    [
      'stylists and price, listed in spec order whatever the input order',
      { employees: [], price: -1, name: 'a', description: 'b', duration: 30, busy_slots: [{ startMinutes: 0, endMinutes: 30 }] },
      ['price', 'employees'],
    ],
  ])('%s → %j', (_label, value, expected) => {
    expect(missingServiceFields(ZServiceCreate, value)).toEqual(expected);
  });
});
