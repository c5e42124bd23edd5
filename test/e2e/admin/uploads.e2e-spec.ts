import { randomBytes } from 'crypto';
import { APP_CONFIG, AppConfig } from '../../../src/config/configuration';
import { DownloadLinkSigner } from '../../../src/modules/files/download-link-signer';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

jest.setTimeout(60_000);

type Agent = Awaited<ReturnType<typeof adminAgent>>;

/** Reads a response body as raw bytes whatever its content type. */
function binary(res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

const MAX_UPLOAD = 1024 * 1024;

describe('Admin uploads (/admin/uploads) and file downloads (/uploads)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp({ FILE_MAX_UPLOAD_BYTES: String(MAX_UPLOAD), FILE_DOWNLOAD_URL_TTL_SECONDS: '120' });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const path = (url: string) => new URL(url).pathname;

  describe('POST /admin/uploads', () => {
    it('stores every file of the `files` field and answers their public url and key', async () => {
      const png = randomBytes(2000);
      const res = await admin
        .post('/admin/uploads')
        .attach('files', png, { filename: 'Summer Shirt (front).png', contentType: 'image/png' })
        .attach('files', Buffer.from('a;b\r\n'), { filename: 'list.csv', contentType: 'text/csv' })
        .expect(200);
      expect(res.body.uploads).toHaveLength(2);
      const [image, csv] = res.body.uploads;
      expect(image.key).toMatch(/^[0-9a-z]{26}-Summer-Shirt-front-.png$/);
      expect(image.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/uploads/${image.key}$`));
      expect(csv.key).not.toBe(image.key);

      const served = await t.http().get(path(image.url)).buffer(true).parse(binary).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['content-length']).toBe('2000');
      expect(served.headers['content-disposition']).toMatch(/^inline; filename="Summer Shirt \(front\)\.png"/);
      expect(Buffer.compare(served.body, png)).toBe(0);
    });

    it('streams large files in chunks and serves them back byte for byte', async () => {
      const big = randomBytes(MAX_UPLOAD - 10);
      const res = await admin.post('/admin/uploads').attach('files', big, { filename: 'big.bin', contentType: 'application/octet-stream' }).expect(200);
      const key = res.body.uploads[0].key;
      const [stored] = await t.dataSource.query(`SELECT size, chunk_count FROM stored_file WHERE key = $1`, [key]);
      expect(Number(stored.size)).toBe(big.length);
      expect(stored.chunk_count).toBe(4);
      const served = await t.http().get(path(res.body.uploads[0].url)).buffer(true).parse(binary).expect(200);
      expect(Buffer.compare(served.body, big)).toBe(0);
      // Not an inline type: the browser is told to download it, never to render it on our origin.
      expect(served.headers['content-type']).toBe('application/octet-stream');
      expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('refuses a file over the size limit with 413 and keeps nothing', async () => {
      const [before] = await t.dataSource.query(`SELECT count(*)::int AS n FROM stored_file`);
      const res = await admin
        .post('/admin/uploads')
        .attach('files', randomBytes(MAX_UPLOAD + 1), 'huge.bin')
        .expect(413);
      expect(res.body.type).toBe('payload_too_large');
      const [after] = await t.dataSource.query(`SELECT count(*)::int AS n FROM stored_file`);
      expect(after.n).toBe(before.n);
    });

    it('answers 400 without files or with another field name, 401 without a session', async () => {
      const none = await admin.post('/admin/uploads').send({}).expect(400);
      expect(none.body).toEqual({ type: 'invalid_data', message: 'No files were uploaded: send them as multipart/form-data in the "files" field' });
      const wrongField = await admin.post('/admin/uploads').attach('file', Buffer.from('x'), 'x.txt').expect(400);
      expect(wrongField.body.type).toBe('invalid_data');
      await t.http().post('/admin/uploads').attach('files', Buffer.from('x'), 'x.txt').expect(401);
    });

    it('makes the file available to every instance sharing the database', async () => {
      const res = await admin
        .post('/admin/uploads')
        .attach('files', Buffer.from('shared bytes'), { filename: 'shared.csv', contentType: 'text/csv' })
        .expect(200);
      const second = await startTestApp(t.databaseUrl);
      try {
        const served = await second.http().get(path(res.body.uploads[0].url)).expect(200);
        expect(served.text).toBe('shared bytes');
      } finally {
        await second.close();
      }
    });
  });

  describe('POST /admin/uploads/protected', () => {
    it('stores a private file: not served by key, only through a signed link', async () => {
      const res = await admin
        .post('/admin/uploads/protected')
        .attach('files', Buffer.from('secret;data\r\n'), { filename: 'import.csv', contentType: 'text/csv' })
        .expect(200);
      const { key, url } = res.body.uploads[0];
      const hidden = await t.http().get(path(url)).expect(404);
      expect(hidden.body).toEqual({ type: 'not_found', message: `File with key ${key} was not found` });
      const link = await admin.post('/admin/uploads/download-url').send({ file_key: key }).expect(200);
      expect((await t.http().get(path(link.body.download_url)).expect(200)).text).toBe('secret;data\r\n');
    });
  });

  describe('POST /admin/uploads/download-url', () => {
    let key: string;

    beforeAll(async () => {
      const res = await admin.post('/admin/uploads/protected').attach('files', Buffer.from('report'), { filename: 'report.csv', contentType: 'text/csv' });
      key = res.body.uploads[0].key;
    });

    it('returns a signed link that expires, usable without credentials', async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await admin.post('/admin/uploads/download-url').send({ file_key: key }).expect(200);
      expect(Object.keys(res.body)).toEqual(['download_url']);
      const token = path(res.body.download_url).split('/').pop()!;
      const expires = Number(token.split('.')[1]);
      expect(expires).toBeGreaterThanOrEqual(before + 120);
      expect(expires).toBeLessThanOrEqual(before + 121 + 5);
      const served = await t.http().get(path(res.body.download_url)).expect(200);
      expect(served.text).toBe('report');
      expect(served.headers['content-disposition']).toContain('filename="report.csv"');
    });

    it('refuses a tampered or expired link with 401', async () => {
      const res = await admin.post('/admin/uploads/download-url').send({ file_key: key }).expect(200);
      const [encodedKey, expires, mac] = path(res.body.download_url).split('/').pop()!.split('.');
      const extended = `/uploads/signed/${encodedKey}.${Number(expires) + 1000}.${mac}`;
      expect((await t.http().get(extended).expect(401)).body).toEqual({ type: 'unauthorized', message: 'The download link is invalid or has expired.' });
      const otherKey = Buffer.from('someone-else.csv').toString('base64url');
      await t.http().get(`/uploads/signed/${otherKey}.${expires}.${mac}`).expect(401);
      // A link signed with the app's own secret, but already past its expiry.
      const expired = new DownloadLinkSigner(t.app.get<AppConfig>(APP_CONFIG).sessionSecret).sign(key, Math.floor(Date.now() / 1000) - 1);
      await t.http().get(`/uploads/signed/${expired}`).expect(401);
      const valid = new DownloadLinkSigner(t.app.get<AppConfig>(APP_CONFIG).sessionSecret).sign(key, Math.floor(Date.now() / 1000) + 60);
      await t.http().get(`/uploads/signed/${valid}`).expect(200);
    });

    it('answers 404 for an unknown key, 400 for a bad body, 401 without a session', async () => {
      const unknown = await admin.post('/admin/uploads/download-url').send({ file_key: 'nope.csv' }).expect(404);
      expect(unknown.body).toEqual({ type: 'not_found', message: 'File with key nope.csv was not found' });
      const missing = await admin.post('/admin/uploads/download-url').send({}).expect(400);
      expect(missing.body.message).toContain('file_key must be a string');
      const extra = await admin.post('/admin/uploads/download-url').send({ file_key: key, ttl: 1 }).expect(400);
      expect(extra.body.message).toContain('property ttl should not exist');
      await t.http().post('/admin/uploads/download-url').send({ file_key: key }).expect(401);
    });
  });

  describe('DELETE /admin/uploads', () => {
    it('deletes the file: answers Medusa’s delete envelope, the file is gone, deleting again is harmless', async () => {
      const res = await admin.post('/admin/uploads').attach('files', Buffer.from('bye'), { filename: 'bye.csv', contentType: 'text/csv' }).expect(200);
      const { key, url } = res.body.uploads[0];
      const deleted = await admin.delete('/admin/uploads').send({ file_key: key }).expect(200);
      expect(deleted.body).toEqual({ id: key, object: 'file', deleted: true });
      await t.http().get(path(url)).expect(404);
      await admin.post('/admin/uploads/download-url').send({ file_key: key }).expect(404);
      const [chunks] = await t.dataSource.query(`SELECT count(*)::int AS n FROM stored_file_chunk WHERE file_key = $1`, [key]);
      expect(chunks.n).toBe(0);
      expect((await admin.delete('/admin/uploads').send({ file_key: key }).expect(200)).body).toEqual({ id: key, object: 'file', deleted: true });
    });

    it('validates the body and requires a session', async () => {
      const res = await admin.delete('/admin/uploads').send({}).expect(400);
      expect(res.body.message).toContain('file_key must be a string');
      await t.http().delete('/admin/uploads').send({ file_key: 'x' }).expect(401);
    });
  });
});
