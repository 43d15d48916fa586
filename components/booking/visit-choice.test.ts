import type { Employee, Service } from '@/lib/validation/dto';
import { hoursPath, isAnyStylist, visitServices } from './visit-choice';
import { anyStylist, canAddService, visitStylists, visitTimes } from './visit-details';

const service = (id: number, name: string, duration: number): Service => ({
  id,
  name,
  description: '',
  price: 10 * id,
  duration,
  busy_slots: [],
  employees: [],
  version: 'v',
  employees_version: 'e',
});
const colour = service(1, 'Color', 75);
const cut = service(2, 'Corte', 30);
const beard = service(3, 'Barba', 20);
const stylist = (email: string) => ({ email, name: email.split('@')[0] }) as Employee;
const ana = stylist('ana@klok.test');
const sara = stylist('sara@klok.test');
const marcos = stylist('marcos@klok.test');

describe('the visit of a choice', () => {
  it("lists the chosen service and the added ones in the salon's order", () => {
    expect(visitServices(cut, [colour], [colour, cut, beard]).map((s) => s.name)).toEqual(['Color', 'Corte']);
    expect(visitServices(beard, [cut, colour], [colour, cut, beard]).map((s) => s.name)).toEqual(['Color', 'Corte', 'Barba']);
  });

  it('keeps the order chosen while the list is not loaded, and is empty without a service', () => {
    expect(visitServices(cut, [colour]).map((s) => s.name)).toEqual(['Corte', 'Color']);
    expect(visitServices(undefined, [colour])).toEqual([]);
  });

  it('takes up to four services', () => {
    expect(canAddService(3)).toBe(true);
    expect(canAddService(4)).toBe(false);
  });
});

describe('the stylists of a visit', () => {
  it('names those who offer every service, and offers "Cualquier estilista" when two or more can share it', () => {
    const choice = visitStylists([[ana, sara], [sara, marcos]]);
    expect(choice.named).toEqual([sara]);
    expect(choice.pool.map((e) => e.email)).toEqual([ana.email, sara.email, marcos.email]);
    expect(choice.any).toBe(true);
  });

  it('offers "Cualquier estilista" even when nobody does the whole visit', () => {
    const choice = visitStylists([[ana], [marcos]]);
    expect(choice.named).toEqual([]);
    expect(choice.any).toBe(true);
  });

  it('does not offer it with one stylist, nor when a service has nobody', () => {
    expect(visitStylists([[sara], [sara]]).any).toBe(false);
    expect(visitStylists([[ana, sara], []]).any).toBe(false);
    expect(visitStylists([])).toEqual({ named: [], pool: [], any: false });
  });

  it('matches stylists by e-mail whatever the case', () => {
    expect(visitStylists([[ana], [stylist('ANA@klok.test')]]).named).toEqual([ana]);
  });
});

describe('the free hours of a choice', () => {
  it("uses the spec's call for one service by a named stylist", () => {
    expect(hoursPath('2026-12-01', sara, [cut])).toBe(
      '/api/v1/facility/1/2026-12-01/sara%40klok.test/appointments/available?serviceDuration=30&serviceId=2',
    );
  });

  it('uses the visit call for several services or "Cualquier estilista"', () => {
    expect(hoursPath('2026-12-01', sara, [colour, cut])).toBe('/api/v1/facility/1/2026-12-01/sara%40klok.test/appointments/available?services=1,2');
    expect(hoursPath('2026-12-01', anyStylist('Cualquier estilista'), [cut])).toBe('/api/v1/facility/1/2026-12-01/any/appointments/available?services=2');
  });

  it('gives each service its time, back to back', () => {
    const times = visitTimes([colour, cut], '2026-12-01T09:00:00.000Z');
    expect(times.map((p) => [new Date(p.start).toISOString(), new Date(p.end).toISOString()])).toEqual([
      ['2026-12-01T09:00:00.000Z', '2026-12-01T10:15:00.000Z'],
      ['2026-12-01T10:15:00.000Z', '2026-12-01T10:45:00.000Z'],
    ]);
  });

  it('knows "Cualquier estilista" by its API name', () => {
    expect(isAnyStylist(anyStylist('Cualquier estilista'))).toBe(true);
    expect(isAnyStylist(sara)).toBe(false);
    expect(isAnyStylist(undefined)).toBe(false);
  });
});
