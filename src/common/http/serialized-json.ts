/**
 * Response bodies serialized once on their way out. An idempotent write records the JSON
 * text of its response (what a replay will send); the same object then goes to the client,
 * and Express would serialize it a second time: for a cart of 15 lines that is 30 KB of
 * JSON, about 7 % of an add-to-cart's CPU. The text is kept here, keyed by the object, so
 * the response can send those bytes (ExpandFieldsInterceptor).
 *
 * A body must not change after serializeOnce(): the text is what it was then.
 */
const texts = new WeakMap<object, string>();

/** The JSON text of `body`, remembered for the object. */
export function serializeOnce(body: unknown): string {
  if (body === null || typeof body !== 'object') return JSON.stringify(body ?? null);
  let text = texts.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    texts.set(body, text);
  }
  return text;
}

/** The text serializeOnce() made of this very object, if it did. */
export function serializedText(body: unknown): string | undefined {
  return body !== null && typeof body === 'object' ? texts.get(body) : undefined;
}
