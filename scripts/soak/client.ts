/** One HTTP call of the soak: the status it must get, timed, over a bounded timeout. */
export interface Outcome {
  ok: boolean;
  status: number;
  ms: number;
  body: unknown;
  cookie?: string;
  detail?: string;
}

/** Every request says it came through a TLS-terminating proxy, as behind deploy/nginx.conf. */
const PROXY_HEADERS = { 'x-forwarded-proto': 'https' };

export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; expect?: number[]; timeoutMs?: number } = {},
): Promise<Outcome> {
  const expect = options.expect ?? [200];
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...PROXY_HEADERS, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: reported as is */
    }
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('connect.sid='))
      ?.split(';')[0];
    const ok = expect.includes(res.status) && (res.headers.get('content-type') ?? '').includes('application/json');
    return { ok, status: res.status, ms, body, cookie, detail: ok ? undefined : `${method} ${path} -> ${res.status} ${text.slice(0, 200)}` };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    return { ok: false, status: 0, ms: performance.now() - started, body: undefined, detail: `${method} ${path} -> ${cause}` };
  }
}
