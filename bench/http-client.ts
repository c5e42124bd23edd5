/** Minimal JSON client for preparing benchmark fixtures through the real API. */
export async function api<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, body: parsed as T, headers: res.headers };
}
