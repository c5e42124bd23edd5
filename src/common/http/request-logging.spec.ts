import { loadConfig } from '../../config/configuration';
import { loggerModuleParams, logsEveryRequest, requestIdMiddleware } from './request-logging';

const configAt = (level: string) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: level } as NodeJS.ProcessEnv);

describe('request logging', () => {
  it.each([
    ['trace', true],
    ['debug', true],
    ['info', true],
    ['warn', false],
    ['error', false],
    ['fatal', false],
    ['silent', false],
  ])('at %s, logs every request: %s', (level, expected) => {
    const config = configAt(level);
    expect(logsEveryRequest(config)).toBe(expected);
    // pino-http runs (every route) exactly when it logs requests; otherwise our request-id middleware does.
    expect(loggerModuleParams(config).forRoutes).toEqual(expected ? undefined : []);
    expect(requestIdMiddleware(config) === undefined).toBe(expected);
  });

  it('keeps the redaction of credentials and secrets', () => {
    const pinoHttp = loggerModuleParams(configAt('info')).pinoHttp as { redact: { paths: string[] } };
    expect(pinoHttp.redact.paths).toEqual(
      expect.arrayContaining(['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-medusa-access-token"]', '*.password', '*.api_token']),
    );
  });
});
