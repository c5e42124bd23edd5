import { AsyncResource } from 'async_hooks';

/**
 * Node 20's `AsyncResource.bind` defines a deprecated `asyncResource` accessor on every
 * function it binds, wrapping its getter and setter with `util.deprecate` each time.
 * Nest's interceptor chain binds two or three functions per request, and under load
 * that was 3-4 % of the process's CPU plus the garbage it leaves (profile of GET
 * /admin/currencies; docs/architecture.md, deviations). This binds the same way (the function runs
 * in the async context of the moment of binding, with the caller's `this` unless one is
 * given), without the deprecated accessor, which nothing here reads. Node 22 dropped it.
 */
export function installLeanAsyncResourceBind(): void {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the signature of Node's own AsyncResource.bind
  const lean = function bind<Func extends (...args: any[]) => any>(fn: Func, type?: string, thisArg?: unknown): Func {
    if (typeof fn !== 'function') throw new TypeError('The "fn" argument must be of type function');
    const resource = new AsyncResource(type || fn.name || 'bound-anonymous-fn');
    return function (this: unknown, ...args: unknown[]) {
      return resource.runInAsyncScope(fn, thisArg === undefined ? this : thisArg, ...args);
    } as Func;
  };
  (AsyncResource as unknown as { bind: typeof lean }).bind = lean;
}
