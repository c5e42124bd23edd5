/**
 * Parses the form-encoded body the Stripe client sends (`metadata[resource_id]=cart_1`,
 * `payment_method_types[0]=ideal`, `expand[0]=latest_charge`) into nested objects and arrays.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.split(/[[\]]+/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      if (container[part] === undefined) container[part] = /^\d+$/.test(path[i + 1]) ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return out;
}
