import { ALLOW_HEADER, clientErrorCode, expectsBody, methodAllowed, msSetting, rawErrorResponse } from './request-guards';

describe('methodAllowed', () => {
  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('passes %s on', (method) => {
    expect(methodAllowed(method)).toBe(true);
  });
  it.each(['TRACE', 'CONNECT', 'TRACK', 'PROPFIND', 'get', '', undefined])('stops %s', (method) => {
    expect(methodAllowed(method)).toBe(false);
  });
  it('lists the allowed methods in Allow', () => {
    expect(ALLOW_HEADER).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });
});

describe('expectsBody', () => {
  it.each([
    [{}, false],
    [{ 'content-length': '0' }, false],
    [{ 'content-length': '100' }, true],
    [{ 'content-length': 'x' }, false],
    [{ 'transfer-encoding': 'chunked' }, true],
  ])('%j → %s', (headers, expected) => {
    expect(expectsBody(headers)).toBe(expected);
  });
});

describe('msSetting', () => {
  it.each([
    [undefined, 10_000],
    ['', 10_000],
    ['0', 10_000],
    ['-5', 10_000],
    ['1.5', 10_000],
    ['abc', 10_000],
    ['500', 500],
  ])('%s → %s', (value, expected) => {
    expect(msSetting(value, 10_000)).toBe(expected);
  });
});

describe('rawErrorResponse', () => {
  it('is a complete HTTP/1.1 response with the JSON error shape and a byte-exact length', () => {
    const raw = rawErrorResponse('method_not_allowed', 'Método no permitido.', { allow: ALLOW_HEADER });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(head).toContain('\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(head).toContain('\r\nconnection: close');
    expect(head).toContain(`\r\ncontent-length: ${Buffer.byteLength(body!)}`);
    expect(JSON.parse(body!)).toEqual({ error: { code: 'method_not_allowed', message: 'Método no permitido.' } });
  });
});

describe('clientErrorCode', () => {
  it.each([
    ['HPE_INVALID_METHOD', 'not_implemented'],
    ['HPE_HEADER_OVERFLOW', 'headers_too_large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 'request_timeout'],
    ['HPE_INVALID_CONSTANT', 'bad_request'],
    [undefined, 'bad_request'],
  ])('%s → %s', (code, expected) => {
    expect(clientErrorCode(code)).toBe(expected);
  });
});
