/**
 * Staff-only notes of special shifts (spec section 6: clients see what they need to book, nothing about
 * the staff's private matters): a client listing or opening a stylist gets the dates and hours of the
 * special shifts without their notes, so does a visitor without a session listing the stylists
 * (beyond-the-spec section 1), and staff get the notes.
 */
import { GET as getEmployeeHandler } from '@/app/api/v1/facility/[facilityId]/employee/[employeeId]/route';
import { GET as listEmployeesHandler } from '@/app/api/v1/facility/[facilityId]/employees/route';
import { POST as createSpecialHandler } from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/special-shifts/route';
import { call, closeTestDb, openTestDb, sessionFor } from './harness';
import { ANA, DB_TIMEOUT, LUCIA, madridDates, MARCOS, SARA, pinTestClock } from './fixtures';

jest.setTimeout(DB_TIMEOUT);
pinTestClock();

const NOTE = 'Baja médica (operación de rodilla)';
let date: string;
let admin: string;
let employee: string;
let client: string;

const list = (cookie?: string) => call(listEmployeesHandler, { path: '/api/v1/facility/1/employees', params: { facilityId: '1' }, cookie });
const one = (cookie: string | undefined, email: string) =>
  call(getEmployeeHandler, { path: `/api/v1/facility/1/employee/${encodeURIComponent(email)}`, params: { facilityId: '1', employeeId: email }, cookie });

beforeAll(async () => {
  await openTestDb();
  [admin, employee, client] = await Promise.all([sessionFor(LUCIA), sessionFor(MARCOS), sessionFor(ANA)]);
  date = madridDates(20, 40)[0]!;
  const created = await call(createSpecialHandler, {
    method: 'POST',
    path: `/api/v1/facility/1/employees/${encodeURIComponent(SARA)}/special-shifts`,
    params: { facilityId: '1', employeeId: SARA },
    body: { date, available: false, notes: NOTE },
    cookie: admin,
  });
  expect(created.status).toBe(201);
}, DB_TIMEOUT);
afterAll(closeTestDb);

/** Sara's special shift of `date` in an Employee list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON
const saraSpecial = (employees: any[]) => employees.find((e) => e.email === SARA)?.special_shifts.find((s: { date: string }) => s.date === date);

test('a client sees the special shifts without their notes, in the list and for one stylist', async () => {
  const all = await list(client);
  expect(all.status).toBe(200);
  expect(saraSpecial(all.body.items)).toEqual({ date, available: false, shift: [] });
  const sara = await one(client, SARA);
  expect(sara.status).toBe(200);
  expect(saraSpecial([sara.body.data])).toEqual({ date, available: false, shift: [] });
  // No note of any stylist (the seed's "Formación" of marcos included) reaches the client.
  for (const body of [all.body, sara.body]) {
    expect(JSON.stringify(body)).not.toContain(NOTE);
    expect(JSON.stringify(body)).not.toContain('"notes"');
  }
});

test('a visitor without a session lists the stylists as a client does, without notes; one stylist needs a session', async () => {
  const all = await list(undefined);
  expect(all.status).toBe(200);
  expect(saraSpecial(all.body.items)).toEqual({ date, available: false, shift: [] });
  expect(JSON.stringify(all.body)).not.toContain(NOTE);
  expect(JSON.stringify(all.body)).not.toContain('"notes"');
  const sara = await one(undefined, SARA);
  expect(sara.status).toBe(401);
  expect(JSON.stringify(sara.body)).not.toContain(NOTE);
});

test('staff see the notes', async () => {
  for (const cookie of [admin, employee]) {
    const all = await list(cookie);
    expect(all.status).toBe(200);
    expect(saraSpecial(all.body.items)).toEqual({ date, available: false, shift: [], notes: NOTE });
    const sara = await one(cookie, SARA);
    expect(saraSpecial([sara.body.data])).toEqual({ date, available: false, shift: [], notes: NOTE });
  }
});
