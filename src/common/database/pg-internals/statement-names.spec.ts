import { StatementNamer } from './statement-names';

describe('StatementNamer', () => {
  const long = (n: number) => `SELECT ${'x, '.repeat(60)}${n}`;
  const options = { minLength: 50, sightingsBeforeNaming: 3, maxNames: 2, maxTracked: 3 };

  it('names a text on its third sighting and keeps that name while it is in use', () => {
    const registry = new StatementNamer(options);
    expect(registry.nameFor(long(1))).toBeUndefined();
    expect(registry.nameFor(long(1))).toBeUndefined();
    const name = registry.nameFor(long(1));
    expect(name).toBe('app_1');
    expect(registry.nameFor(long(1))).toBe(name);
  });

  it('never names short texts (BEGIN, COMMIT, SELECT 1)', () => {
    const registry = new StatementNamer(options);
    for (let i = 0; i < 5; i++) expect(registry.nameFor('COMMIT')).toBeUndefined();
    expect(registry.size).toBe(0);
  });

  it('never names a search (ILIKE): its plan depends on the pattern, and a generic plan ignores it', () => {
    const registry = new StatementNamer(options);
    const search = `${long(1)} FROM customer WHERE email ILIKE $1 ORDER BY created_at DESC LIMIT 50`;
    for (let i = 0; i < 5; i++) expect(registry.nameFor(search)).toBeUndefined();
    expect(registry.size).toBe(0);
  });

  it('names at most maxNames texts at once: the least recently used loses its name, and a fresh name is issued if it comes back', () => {
    const registry = new StatementNamer(options);
    for (const n of [1, 2]) for (let i = 0; i < 3; i++) registry.nameFor(long(n));
    expect(registry.nameFor(long(1))).toBe('app_1'); // long(2) is now the least recently used
    for (let i = 0; i < 3; i++) registry.nameFor(long(3));
    expect(registry.size).toBe(2);
    expect(registry.nameFor(long(3))).toBe('app_3');
    expect(registry.nameFor(long(1))).toBe('app_1');
    expect(registry.nameFor(long(2))).toBeUndefined(); // counted from scratch
    registry.nameFor(long(2));
    expect(registry.nameFor(long(2))).toBe('app_4'); // never app_2 again: that name may still be prepared for it elsewhere
  });

  it('forgets one-off texts when too many are tracked', () => {
    const registry = new StatementNamer(options);
    registry.nameFor(long(1));
    registry.nameFor(long(1));
    for (const n of [2, 3, 4, 5]) registry.nameFor(long(n)); // overflows the tracking map
    expect(registry.nameFor(long(1))).toBeUndefined(); // its count started again
  });
});
