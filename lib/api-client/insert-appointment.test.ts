import type { Appointment } from '@/lib/validation/dto';
import { ApiClientError, ApiNetworkError } from './fetcher';
import { bookedAppointmentOf, insertAppointment, type InsertAppointmentBody } from './booking';

type Call = { body: unknown; key: string | undefined };

/** Answers each call with the next of `answers` ('network': no answer); records the body and the key sent. */
function mockFetch(answers: ('network' | { status: number; body: unknown })[]): Call[] {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ body: JSON.parse(String(init?.body)), key: headers['idempotency-key'] });
    const next = answers.shift() ?? 'network';
    if (next === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

const ok = (id: string) => ({ status: 201, body: { data: { event_id: id } } });
const refused = (status: number, code: string) => ({ status, body: { error: { code, message: 'No' } } });

let n = 0;
/** A client booking body of its own (a new start per test, so no test reuses another's key). */
function choice(): InsertAppointmentBody {
  n += 1;
  return {
    start_time: new Date(Date.UTC(2030, 0, 1, 9, n)).toISOString(),
    employee_id: 'sara@klok.demo',
    service_id: 1,
    client_id: 'ana@example.com',
    user_id: 'u1',
    user_name: 'Ana',
  };
}

describe('insertAppointment', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('sends an Idempotency-Key and retries once with it when no answer arrives', async () => {
    const calls = mockFetch(['network', ok('e1')]);
    await expect(insertAppointment(choice())).resolves.toBe('e1');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.key).toMatch(/^[A-Za-z0-9._:-]{8,255}$/);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
  });

  it('retries once after a 5xx, and throws ApiNetworkError when the retry gets no answer either', async () => {
    const calls = mockFetch([refused(503, 'unavailable'), 'network']);
    await expect(insertAppointment(choice())).rejects.toBeInstanceOf(ApiNetworkError);
    expect(calls).toHaveLength(2);
  });

  it('does not retry a refusal, and a second confirm of the same choice sends the same key', async () => {
    const body = choice();
    const calls = mockFetch([refused(409, 'allowance_exceeded'), ok('e2')]);
    const err = await insertAppointment(body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({ status: 409, code: 'allowance_exceeded' });
    expect(calls).toHaveLength(1);
    await expect(insertAppointment({ ...body })).resolves.toBe('e2');
    expect(calls[1]!.key).toBe(calls[0]!.key);
  });

  it('a double tap of one choice sends one key; another choice gets another', async () => {
    const body = choice();
    const calls = mockFetch([ok('e3'), ok('e3'), ok('e4')]);
    await Promise.all([insertAppointment(body), insertAppointment(body)]);
    await insertAppointment({ ...body, user_id: 'u2', user_name: 'Leo' });
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(calls[2]!.key).not.toBe(calls[0]!.key);
  });

  it('after a success the same choice is a new booking with a new key', async () => {
    const body = choice();
    const calls = mockFetch([ok('e5'), ok('e6')]);
    await insertAppointment(body);
    await insertAppointment(body);
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });
});

describe('bookedAppointmentOf', () => {
  const base = {
    id: 'a1',
    status: 'pending',
    start_time: '2030-01-01T09:00:00.000Z',
    employee_id: 'sara@klok.demo',
    service_id: 1,
    user_id: 'u1',
  } as Appointment;
  const body = { start_time: '2030-01-01T09:00:00Z', employee_id: 'Sara@klok.demo', service_id: 1, client_id: 'ana@example.com', user_id: 'u1', user_name: 'Ana' };

  it('finds the pending appointment of the same person, stylist, service and start', () => {
    expect(bookedAppointmentOf([base], body)?.id).toBe('a1');
  });

  it.each([
    ['another start', { start_time: '2030-01-01T09:15:00.000Z' }],
    ['another stylist', { employee_id: 'marcos@klok.demo' }],
    ['another service', { service_id: 2 }],
    ['another person', { user_id: 'u2' }],
    ['cancelled', { status: 'cancelled' }],
  ])('does not take %s for it', (_name, change) => {
    expect(bookedAppointmentOf([{ ...base, ...change } as Appointment], body)).toBeUndefined();
  });
});
