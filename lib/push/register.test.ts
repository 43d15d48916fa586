/** Token registration in the browser: shouldRegister and the permission flow, with fakes. */
import { PERMISSION_DENIED, registrationPath, requestPushToken, shouldRegister, type FirebaseMessagingConfig, type PushDeps } from './register';

const config: FirebaseMessagingConfig = {
  apiKey: 'k',
  authDomain: 'p.firebaseapp.com',
  projectId: 'p',
  messagingSenderId: '1',
  appId: 'a',
  vapidKey: 'v',
};

describe('shouldRegister', () => {
  it.each([
    { stored: null, token: 'tok', expected: true },
    { stored: undefined, token: 'tok', expected: true },
    { stored: 'old', token: 'tok', expected: true },
    { stored: 'tok', token: 'tok', expected: false },
    { stored: null, token: '', expected: false },
    { stored: 'tok', token: null, expected: false },
    { stored: null, token: undefined, expected: false },
  ])('stored $stored, token $token → $expected', ({ stored, token, expected }) => {
    expect(shouldRegister(stored, token)).toBe(expected);
  });
});

describe('registrationPath', () => {
  it('names the client’s user or the stylist’s employee', () => {
    expect(registrationPath('user', 'ana@x.es')).toBe('/api/v1/users/ana%40x.es');
    expect(registrationPath('employee', 'sara@x.es')).toBe('/api/v1/employees/sara%40x.es');
  });
});

function fakes(over: Partial<PushDeps> = {}) {
  const calls = { save: [] as string[], warn: [] as string[], sw: 0, getToken: 0 };
  const deps: PushDeps = {
    requestPermission: async () => 'granted',
    registerServiceWorker: async () => {
      calls.sw++;
      return {} as ServiceWorkerRegistration;
    },
    getToken: async () => {
      calls.getToken++;
      return 'tok-nuevo';
    },
    save: async (t) => {
      calls.save.push(t);
    },
    warn: (m) => {
      calls.warn.push(m);
    },
    ...over,
  };
  return { deps, calls };
}

describe('requestPushToken', () => {
  it('granted: registers the service worker, gets the token and saves it when it differs', async () => {
    const { deps, calls } = fakes();
    await expect(requestPushToken(config, 'tok-viejo', deps)).resolves.toBe(true);
    expect(calls).toMatchObject({ sw: 1, getToken: 1, save: ['tok-nuevo'], warn: [] });
  });

  it('granted with the same token: nothing saved, still true', async () => {
    const { deps, calls } = fakes();
    await expect(requestPushToken(config, 'tok-nuevo', deps)).resolves.toBe(true);
    expect(calls.save).toEqual([]);
  });

  it('denied: logs the Spanish message and returns false without touching Firebase', async () => {
    const { deps, calls } = fakes({ requestPermission: async () => 'denied' });
    await expect(requestPushToken(config, null, deps)).resolves.toBe(false);
    expect(calls.warn).toEqual([PERMISSION_DENIED]);
    expect(PERMISSION_DENIED).toBe('Permiso de notificaciones denegado.');
    expect(calls).toMatchObject({ sw: 0, getToken: 0, save: [] });
  });

  it('dismissed (default): false, nothing logged', async () => {
    const { deps, calls } = fakes({ requestPermission: async () => 'default' });
    await expect(requestPushToken(config, null, deps)).resolves.toBe(false);
    expect(calls).toMatchObject({ warn: [], sw: 0 });
  });

  it.each([
    ['the permission request', { requestPermission: () => Promise.reject(new Error('x')) }],
    ['the service worker', { registerServiceWorker: () => Promise.reject(new Error('x')) }],
    ['getToken', { getToken: () => Promise.reject(Object.assign(new Error('x'), { code: 'messaging/token-subscribe-failed' })) }],
    ['an empty token', { getToken: async () => '' }],
    ['saving', { save: () => Promise.reject(new Error('fcm_token: 500')) }],
  ] as [string, Partial<PushDeps>][])('any failure (%s) returns false', async (_name, over) => {
    const { deps } = fakes(over);
    await expect(requestPushToken(config, null, deps)).resolves.toBe(false);
  });
});
