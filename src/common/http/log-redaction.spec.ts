import { createServer, get } from 'http';
import type { AddressInfo } from 'net';
import { Writable } from 'stream';
import pinoHttp, { Options } from 'pino-http';
import { QueryFailedError } from 'typeorm';
import { loadConfig } from '../../config/configuration';
import { redactQueryError, redactRequest, redactUrl } from './log-redaction';
import { loggerModuleParams } from './request-logging';

const TOKEN = 'eyJrZXkiOiJleHBvcnRzL29yZGVycy5jc3YifQ.c2lnbmF0dXJl';

function failedInsert(): QueryFailedError {
  const driverError = Object.assign(new Error('null value in column "last_name" violates not-null constraint'), {
    code: '23502',
    detail: 'Failing row contains (cus_1, jane@example.com, Jane, null).',
  });
  return new QueryFailedError('INSERT INTO "customer" ("id", "email", "first_name") VALUES ($1, $2, $3)', ['cus_1', 'jane@example.com', 'Jane'], driverError);
}

/** The app's own logger options, writing JSON lines into an array. */
function appLogger() {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  const options = {
    ...(loggerModuleParams(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' } as NodeJS.ProcessEnv)).pinoHttp as Options),
    transport: undefined,
  };
  return { http: pinoHttp(options, stream), lines };
}

describe('log redaction', () => {
  it('hides the token of a signed download link and token query parameters, keeping the rest of the URL', () => {
    expect(redactUrl(`/uploads/signed/${TOKEN}`)).toBe('/uploads/signed/[redacted]');
    expect(redactUrl(`/uploads/signed/${TOKEN}?download=1`)).toBe('/uploads/signed/[redacted]?download=1');
    expect(redactUrl('/store/x?a=1&token=abc&b=2')).toBe('/store/x?a=1&token=[redacted]&b=2');
    expect(redactUrl('/store/products?limit=1')).toBe('/store/products?limit=1');
  });

  it('redacts a serialised request without touching the live request objects', () => {
    const params = { token: TOKEN };
    const logged = redactRequest({ url: `/uploads/signed/${TOKEN}`, params, query: { q: 'shirt' } });
    expect(logged).toEqual({ url: '/uploads/signed/[redacted]', params: { token: '[redacted]' }, query: { q: 'shirt' } });
    expect(params.token).toBe(TOKEN);
  });

  it('keeps the SQL of a failed query, and only the count and types of its parameters', () => {
    const serialised = { ...failedInsert(), driverError: { ...(failedInsert().driverError as object) } };
    const logged = redactQueryError(serialised) as Record<string, any>;
    expect(logged.query).toContain('INSERT INTO "customer"');
    expect(logged.parameters).toBe('[3 redacted: string, string, string]');
    expect(logged.driverError.detail).toBe('[redacted]');
    expect(JSON.stringify(logged)).not.toContain('jane@example.com');
  });

  it('the application logger writes neither bound values nor row details of a failed query', () => {
    const { http, lines } = appLogger();
    http.logger.error({ err: failedInsert() }, 'request failed with a server error');
    const [line] = lines.map((l) => JSON.parse(l));
    expect(line.err.query).toContain('INSERT INTO "customer"');
    expect(line.err.parameters).toBe('[3 redacted: string, string, string]');
    expect(lines.join('')).not.toContain('jane@example.com');
  });

  it('the request line of a signed download does not carry its token', async () => {
    const { http, lines } = appLogger();
    const server = createServer((req, res) => {
      http(req, res);
      res.end('file');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) =>
        get(`http://127.0.0.1:${port}/uploads/signed/${TOKEN}`, (res) => res.resume().on('end', resolve)).on('error', reject),
      );
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      server.close();
    }
    const logged = lines.join('');
    expect(logged).toContain('/uploads/signed/[redacted]');
    expect(logged).not.toContain(TOKEN);
  });
});
