import { serializedText, serializeOnce } from './serialized-json';

describe('serializeOnce', () => {
  it('serializes an object once and hands out the same text for that object', () => {
    const body = { cart: { id: 'cart_1', total: 1200, created_at: new Date('2026-01-02T03:04:05.000Z') } };
    const text = serializeOnce(body);
    expect(text).toBe(JSON.stringify(body));
    expect(serializeOnce(body)).toBe(text);
    expect(serializedText(body)).toBe(text);
  });

  it('knows nothing of objects it did not serialize, even equal ones', () => {
    serializeOnce({ a: 1 });
    expect(serializedText({ a: 1 })).toBeUndefined();
    expect(serializedText('text')).toBeUndefined();
    expect(serializedText(null)).toBeUndefined();
  });

  it('serializes primitives and a missing body as JSON without remembering them', () => {
    expect(serializeOnce(undefined)).toBe('null');
    expect(serializeOnce(null)).toBe('null');
    expect(serializeOnce('ok')).toBe('"ok"');
  });
});
