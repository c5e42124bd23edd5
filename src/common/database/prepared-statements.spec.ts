import { PreparedStatementRegistry } from './prepared-statements';

describe('PreparedStatementRegistry', () => {
  const long = (n: number) => `SELECT ${'x, '.repeat(60)}${n}`;
  const options = { minLength: 50, sightingsBeforeNaming: 3, maxNames: 2, maxTracked: 3 };

  it('names a text on its third sighting and keeps that name for good', () => {
    const registry = new PreparedStatementRegistry(options);
    expect(registry.nameFor(long(1))).toBeUndefined();
    expect(registry.nameFor(long(1))).toBeUndefined();
    const name = registry.nameFor(long(1));
    expect(name).toBe('app_1');
    expect(registry.nameFor(long(1))).toBe(name);
  });

  it('never names short texts (BEGIN, COMMIT, SELECT 1)', () => {
    const registry = new PreparedStatementRegistry(options);
    for (let i = 0; i < 5; i++) expect(registry.nameFor('COMMIT')).toBeUndefined();
    expect(registry.size).toBe(0);
  });

  it('never names a search (ILIKE): its plan depends on the pattern, and a generic plan ignores it', () => {
    const registry = new PreparedStatementRegistry(options);
    const search = `${long(1)} FROM customer WHERE email ILIKE $1 ORDER BY created_at DESC LIMIT 50`;
    for (let i = 0; i < 5; i++) expect(registry.nameFor(search)).toBeUndefined();
    expect(registry.size).toBe(0);
  });

  it('stops naming new texts at the cap, so varying texts cannot fill the server', () => {
    const registry = new PreparedStatementRegistry(options);
    for (const n of [1, 2, 3]) for (let i = 0; i < 3; i++) registry.nameFor(long(n));
    expect(registry.size).toBe(2);
    expect(registry.nameFor(long(3))).toBeUndefined();
    expect(registry.nameFor(long(2))).toBe('app_2');
  });

  it('forgets one-off texts when too many are tracked', () => {
    const registry = new PreparedStatementRegistry(options);
    registry.nameFor(long(1));
    registry.nameFor(long(1));
    for (const n of [2, 3, 4, 5]) registry.nameFor(long(n)); // overflows the tracking map
    expect(registry.nameFor(long(1))).toBeUndefined(); // its count started again
  });
});
