import { z } from 'zod';
import { setZodJitless } from './zod-jitless';

describe('setZodJitless', () => {
  afterEach(() => z.config({ jitless: false }));

  it('turns on the jitless setting that zod itself reads', () => {
    z.config({ jitless: false });
    setZodJitless();
    expect(z.config().jitless).toBe(true);
  });

  it('creates the global configuration when zod has not loaded yet, keeping other keys when it has', () => {
    type Target = NonNullable<Parameters<typeof setZodJitless>[0]>;
    const fresh = {} as Target;
    setZodJitless(fresh);
    expect(fresh.__zod_globalConfig).toEqual({ jitless: true });
    const loaded = { __zod_globalConfig: { customError: 'x' } } as unknown as Target;
    setZodJitless(loaded);
    expect(loaded.__zod_globalConfig).toEqual({ customError: 'x', jitless: true });
  });
});
