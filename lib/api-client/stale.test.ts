import { ApiClientError, apiFetch } from './fetcher';
import { staleCurrentOf } from './stale';

const answer = (status: number, body: unknown) => {
  global.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
  return apiFetch('/api/v1/employees/sara%40klok.demo', { method: 'PATCH', body: {} }).catch((err: unknown) => err);
};

describe('staleCurrentOf', () => {
  test('a stale save’s 409 gives the current resource', async () => {
    const current = { email: 'sara@klok.demo', name: 'Sara', version: 'v2' };
    const err = await answer(409, { error: { code: 'conflict', message: 'Los datos han cambiado mientras se guardaban. Inténtalo de nuevo.', details: { current } } });
    expect(err).toBeInstanceOf(ApiClientError);
    expect(staleCurrentOf(err)).toEqual(current);
  });

  test.each([
    ['a sub-user with a pending appointment', 409, { error: { code: 'conflict', message: 'x', details: { user: { id: 'u', name: 'Leo' } } } }],
    ['appointments outside the new hours', 409, { error: { code: 'schedule_conflict', message: 'x', details: { appointments: [] } } }],
    ['a validation error', 400, { error: { code: 'bad_request', message: 'x', details: { current: { version: 'v' } } } }],
  ])('any other failure gives null: %s', async (_, status, body) => {
    expect(staleCurrentOf(await answer(status, body))).toBeNull();
  });
});
