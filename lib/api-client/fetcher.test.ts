import { ApiClientError, apiFetch, errorMessageOf, isNetworkError, NETWORK_ERROR_MESSAGE, setInitiatorRole } from './fetcher';

type Call = { url: string; init: RequestInit };

function mockFetch(respond: () => Promise<Response>): Call[] {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return respond();
  }) as typeof fetch;
  return calls;
}

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('apiFetch', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    setInitiatorRole(null);
  });

  it('sends JSON with credentials and the initiator header, and returns the parsed body', async () => {
    setInitiatorRole('client');
    const calls = mockFetch(() => json(201, { data: { event_id: 'e1' } }));
    const body = await apiFetch<{ data: { event_id: string } }>('/api/v1/schedules/insert/appointment', {
      method: 'PATCH',
      body: { service_id: 3 },
    });
    expect(body.data.event_id).toBe('e1');
    const [call] = calls;
    expect(call!.init.method).toBe('PATCH');
    expect(call!.init.credentials).toBe('include');
    expect(call!.init.body).toBe('{"service_id":3}');
    const headers = call!.init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers.initiator).toBe('client');
  });

  it('returns null for an empty answer (204)', async () => {
    mockFetch(() => Promise.resolve(new Response(null, { status: 204 })));
    await expect(apiFetch('/api/v1/auth/logout')).resolves.toBeNull();
  });

  it('throws the API error shape on a non-2xx answer', async () => {
    mockFetch(() => json(409, { error: { code: 'slot_taken', message: 'La hora seleccionada ya no está disponible.' } }));
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({ status: 409, code: 'slot_taken', message: 'La hora seleccionada ya no está disponible.' });
    expect(errorMessageOf(err, 'fallback')).toBe('La hora seleccionada ya no está disponible.');
  });

  it('keeps the status when the error body is not JSON', async () => {
    mockFetch(() => Promise.resolve(new Response('<html>', { status: 502 })));
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: 'internal', message: '' });
    expect(errorMessageOf(err, 'fallback')).toBe('fallback');
  });

  it('reports a network failure as status 500 Internal error, whose English text never becomes the shown message', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 500, code: 'network', message: NETWORK_ERROR_MESSAGE });
    expect(isNetworkError(err)).toBe(true);
    expect(errorMessageOf(err, 'Sin conexión')).toBe('Sin conexión');
  });

  it('tells an answered server error from a network failure', async () => {
    mockFetch(() => json(500, { error: { code: 'internal', message: 'Ha ocurrido un error inesperado' } }));
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(isNetworkError(err)).toBe(false);
    expect(errorMessageOf(err, 'Sin conexión')).toBe('Ha ocurrido un error inesperado');
  });

  it('rethrows an abort as it is', async () => {
    mockFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(apiFetch('/x')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
