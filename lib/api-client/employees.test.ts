import { ApiClientError } from './fetcher';
import { employeePaths, scheduleConflictOf } from './employees';

const appointment = {
  id: 'a1',
  visit_id: 'a1',
  type: 'appointment',
  facility_id: 1,
  employee_id: 'sara@klok.demo',
  employee_name: 'Sara López',
  client_id: 'cliente@klok.demo',
  client_name: 'Ana García',
  user_id: 'u1',
  user_name: 'Ana García',
  is_guest: false,
  service_id: 1,
  service_name: 'Corte de pelo',
  service_price: 18,
  date: '2026-11-30',
  start_time: '2026-11-30T17:00:00.000Z',
  end_time: '2026-11-30T17:30:00.000Z',
  status: 'pending',
  created_at: '2026-11-20T10:00:00.000Z',
  created_by: 'admin@klok.demo',
  created_by_role: 'staff',
  notes: null,
  attendance: null,
  confirmation: 'not_required',
  confirmation_cutoff_time: null,
  busy_slots: [],
};

describe('employee API client', () => {
  it('builds the contract paths with the e-mail encoded', () => {
    expect(employeePaths.employee('sara@klok.demo')).toBe('/api/v1/facility/1/employee/sara%40klok.demo');
    expect(employeePaths.update('sara@klok.demo')).toBe('/api/v1/employees/sara%40klok.demo');
    expect(employeePaths.services('sara@klok.demo')).toBe('/api/v1/employees/sara%40klok.demo/services');
    expect(employeePaths.specialShift('sara@klok.demo', '2026-12-01')).toBe(
      '/api/v1/facility/1/employees/sara%40klok.demo/special-shifts/2026-12-01',
    );
  });

  it('reads the appointments of a 409 schedule_conflict, and nothing of other errors', () => {
    const conflict = new ApiClientError(409, 'schedule_conflict', 'Hay citas fuera del horario', { appointments: [appointment] });
    expect(scheduleConflictOf(conflict)).toEqual([appointment]);
    // A conflict whose details do not parse still opens the dialog (empty list).
    expect(scheduleConflictOf(new ApiClientError(409, 'schedule_conflict', 'x', { appointments: [{ id: 1 }] }))).toEqual([]);
    expect(scheduleConflictOf(new ApiClientError(409, 'special_shift_exists', 'Ya existe'))).toBeNull();
    expect(scheduleConflictOf(new ApiClientError(422, 'schedule_conflict', 'x'))).toBeNull();
    expect(scheduleConflictOf(new Error('x'))).toBeNull();
  });
});
