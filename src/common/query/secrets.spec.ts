import { stripSecrets } from './secrets';

describe('stripSecrets', () => {
  it('removes secret properties at any depth, in objects and arrays', () => {
    const body = {
      user: { id: 'usr_1', api_token: 't', password_hash: 'h', created_at: new Date(0) },
      customers: [{ id: 'cus_1', password_hash: 'h', orders: [{ id: 'ord_1', customer: { api_token: 'x' } }] }, null, 'text', 3],
      count: 2,
    };
    stripSecrets(body);
    expect(body).toEqual({
      user: { id: 'usr_1', created_at: new Date(0) },
      customers: [{ id: 'cus_1', orders: [{ id: 'ord_1', customer: {} }] }, null, 'text', 3],
      count: 2,
    });
  });

  it('terminates on cycles and shared objects', () => {
    const shared = { id: 'a', api_token: 't' };
    const node: Record<string, unknown> = { id: 'n', password_hash: 'h', left: shared, right: shared };
    node.self = node;
    stripSecrets(node);
    expect(node).toMatchObject({ id: 'n', left: { id: 'a' } });
    expect(node).not.toHaveProperty('password_hash');
    expect(shared).not.toHaveProperty('api_token');
  });

  it('leaves primitives, dates and inherited properties alone', () => {
    expect(() => stripSecrets(undefined)).not.toThrow();
    expect(() => stripSecrets('api_token')).not.toThrow();
    const proto = { api_token: 'inherited' };
    const child = Object.create(proto) as { id?: string; api_token?: string };
    child.id = 'c';
    stripSecrets({ child });
    expect(child.api_token).toBe('inherited');
  });
});
