import { Controller, Post } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { WritesNoNotice } from './notice-free-writes';
import { writeFenceMiddleware } from './write-fence.middleware';

@Controller('things')
class ThingsController {
  @Post('quiet')
  @WritesNoNotice()
  quiet() {
    return { ok: true };
  }

  @Post('loud')
  loud() {
    return { ok: true };
  }
}

@Controller('quiet-things')
@WritesNoNotice()
class QuietThingsController {
  @Post()
  create() {
    return { ok: true };
  }
}

describe('@WritesNoNotice() and the write fence', () => {
  let app: NestExpressApplication;
  const notices = { enabled: true, writeFinished: jest.fn() };

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ThingsController, QuietThingsController] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    app.use(writeFenceMiddleware(notices));
    await app.init();
  });
  afterAll(() => app.close());
  beforeEach(() => notices.writeFinished.mockClear());

  /** The fences armed by one request, counted once its response has finished on the server. */
  async function fencesOf(method: 'post' | 'get', path: string): Promise<number> {
    await request(app.getHttpServer())[method](path);
    await new Promise((resolve) => setImmediate(resolve));
    return notices.writeFinished.mock.calls.length;
  }

  it('arms no fence for a write whose handler (or controller) carries the decorator', async () => {
    expect(await fencesOf('post', '/things/quiet')).toBe(0);
    expect(await fencesOf('post', '/quiet-things')).toBe(0);
  });

  it('fences every other write, routed or not, and no read', async () => {
    expect(await fencesOf('post', '/things/loud')).toBe(1);
    notices.writeFinished.mockClear();
    expect(await fencesOf('post', '/nowhere')).toBe(1);
    notices.writeFinished.mockClear();
    expect(await fencesOf('get', '/things/quiet')).toBe(0);
  });
});
