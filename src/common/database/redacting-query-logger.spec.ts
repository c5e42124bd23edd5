import { RedactingQueryLogger } from './redacting-query-logger';

describe('RedactingQueryLogger', () => {
  it('logs a failed query with its SQL and error, never its parameters', () => {
    const lines: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    try {
      new RedactingQueryLogger(['error']).logQueryError(
        'duplicate key value violates unique constraint "IDX_customer_email"',
        'INSERT INTO "customer"("id", "email", "password_hash") VALUES ($1, $2, $3)',
        ['cus_1', 'jane@example.com', 'c2NyeXB0AA8AAAAI'],
      );
    } finally {
      spy.mockRestore();
    }
    const text = lines.join('\n');
    expect(text).toContain('INSERT INTO "customer"');
    expect(text).toContain('3 parameters (redacted)');
    expect(text).toContain('duplicate key value');
    expect(text).not.toContain('jane@example.com');
    expect(text).not.toContain('c2NyeXB0AA8AAAAI');
  });
});
