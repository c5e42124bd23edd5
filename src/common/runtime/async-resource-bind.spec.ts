import { AsyncLocalStorage, AsyncResource } from 'async_hooks';
import { installLeanAsyncResourceBind } from './async-resource-bind';

describe('installLeanAsyncResourceBind', () => {
  const original = AsyncResource.bind;
  beforeAll(() => installLeanAsyncResourceBind());
  afterAll(() => {
    AsyncResource.bind = original;
  });

  it('replaces AsyncResource.bind with a version that defines no deprecated accessor', () => {
    expect(AsyncResource.bind).not.toBe(original);
    const bound = AsyncResource.bind(() => 1);
    expect(Object.getOwnPropertyDescriptor(bound, 'asyncResource')).toBeUndefined();
  });

  it('runs the function in the async context of the moment it was bound, as Node does', async () => {
    const storage = new AsyncLocalStorage<string>();
    const bound = storage.run('at bind time', () => AsyncResource.bind(() => storage.getStore()));
    const later = await storage.run('at call time', async () => {
      await new Promise((r) => setImmediate(r));
      return bound();
    });
    expect(later).toBe('at bind time');
    expect(bound()).toBe('at bind time');
  });

  it("passes arguments and return values through, with the caller's this unless one was given", () => {
    const add = AsyncResource.bind(function (this: any, a: number, b: number) {
      return (this as { base: number }).base + a + b;
    });
    expect(add.call({ base: 10 }, 1, 2)).toBe(13);
    const fixed = AsyncResource.bind(
      function (this: any, a: number) {
        return (this as { base: number }).base + a;
      },
      'fixed',
      { base: 100 },
    );
    expect(fixed.call({ base: 1 }, 5)).toBe(105);
    expect(() => AsyncResource.bind('nope' as never)).toThrow(TypeError);
  });

  it('propagates errors thrown by the bound function', () => {
    const failing = AsyncResource.bind(() => {
      throw new Error('boom');
    });
    expect(() => failing()).toThrow('boom');
  });
});
