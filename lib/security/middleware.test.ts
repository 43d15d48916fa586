import { NextRequest } from 'next/server';
import { getScriptNonceFromHeader } from 'next/dist/server/app-render/get-script-nonce-from-header';
import { middleware } from '@/middleware';

/**
 * The request edge's security headers on the answers that need no session lookup (no cookie:
 * `askSession` answers 404 without a network call): every answer carries the page policy, the rendered
 * request carries the same policy (Next takes the nonce from it), HSTS only over https.
 */
function request(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, 'http://klok.localhost:3000'), { headers });
}

/** The request headers the middleware hands on to the page render. */
function forwarded(res: Response, name: string): string | null {
  return res.headers.get(`x-middleware-request-${name}`);
}

describe('middleware security headers', () => {
  it('passes /login on with a fresh nonce in both the answer and the rendered request', async () => {
    const a = await middleware(request('/login'));
    const b = await middleware(request('/login'));
    const csp = a.headers.get('content-security-policy')!;
    const nonce = getScriptNonceFromHeader(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(forwarded(a, 'content-security-policy')).toBe(csp);
    expect(forwarded(a, 'x-nonce')).toBe(nonce);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(getScriptNonceFromHeader(b.headers.get('content-security-policy')!)).not.toBe(nonce);
  });

  it('replaces a CSP or nonce the client sent', async () => {
    const res = await middleware(
      request('/login', { 'content-security-policy': "script-src 'nonce-attacker'", 'x-nonce': 'attacker' }),
    );
    expect(forwarded(res, 'content-security-policy')).not.toContain('attacker');
    expect(forwarded(res, 'x-nonce')).not.toBe('attacker');
  });

  it('puts the policy on redirects too', async () => {
    const res = await middleware(request('/services'));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://klok.localhost:3000/login');
    expect(getScriptNonceFromHeader(res.headers.get('content-security-policy')!)).toBeTruthy();
  });

  it('adds HSTS only when the request came over https', async () => {
    expect((await middleware(request('/login'))).headers.get('strict-transport-security')).toBeNull();
    expect((await middleware(request('/login', { 'x-forwarded-proto': 'http' }))).headers.get('strict-transport-security')).toBeNull();
    const https = await middleware(request('/login', { 'x-forwarded-proto': 'https' }));
    expect(https.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    // Without the header (no custom server in front), the request URL's scheme decides.
    const direct = await middleware(new NextRequest('https://klok.example/login'));
    expect(direct.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    const redirect = await middleware(request('/', { 'x-forwarded-proto': 'https' }));
    expect(redirect.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('a signed-in page view while the database is unavailable', () => {
  const slot = globalThis as { __klokSessionProbe?: unknown };
  afterEach(() => {
    delete slot.__klokSessionProbe;
  });

  it.each([
    ['the probe answers 503', async () => ({ status: 503 })],
    ['the probe fails', async () => Promise.reject(new Error('connection refused'))],
  ])('gets a Spanish 503 page with a retry link, not the sign-in page, when %s', async (_name, probe) => {
    slot.__klokSessionProbe = probe;
    const res = await middleware(request('/employees?x=<1>', { cookie: 'klok_session=abc' }));
    expect(res.status).toBe(503);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('retry-after')).toBe('5');
    const html = await res.text();
    expect(html).toContain('El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.');
    expect(html).toContain('<a href="/employees?x=%3C1%3E">Reintentar</a>');
    const nonce = getScriptNonceFromHeader(res.headers.get('content-security-policy')!);
    expect(html).toContain(`<style nonce="${nonce}">`);
  });
});
