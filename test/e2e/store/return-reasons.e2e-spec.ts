import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

describe('Store return reasons (/store/return-reasons)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers without a login: an empty list, then the top-level reasons with their children', async () => {
    expect((await t.http().get('/store/return-reasons').expect(200)).body).toEqual({ return_reasons: [] });

    const admin = await adminAgent(t);
    const parent = (await admin.post('/admin/return-reasons').send({ value: 'damaged', label: 'Damaged' }).expect(200)).body.return_reason;
    const child = (
      await admin.post('/admin/return-reasons').send({ value: 'damaged_box', label: 'Box damaged', parent_return_reason_id: parent.id }).expect(200)
    ).body.return_reason;

    const list = await t.http().get('/store/return-reasons').expect(200);
    expect(list.body).toEqual({
      return_reasons: [
        expect.objectContaining({
          id: parent.id,
          value: 'damaged',
          label: 'Damaged',
          parent_return_reason: null,
          return_reason_children: [expect.objectContaining({ id: child.id, value: 'damaged_box', parent_return_reason_id: parent.id })],
        }),
      ],
    });

    const read = await t.http().get(`/store/return-reasons/${child.id}`).expect(200);
    expect(read.body.return_reason).toMatchObject({
      id: child.id,
      label: 'Box damaged',
      parent_return_reason: expect.objectContaining({ id: parent.id }),
      return_reason_children: [],
    });
  });

  it('answers an unknown or deleted reason with 404 and Medusa’s message', async () => {
    const missing = await t.http().get('/store/return-reasons/rr_nope').expect(404);
    expect(missing.body).toEqual({ type: 'not_found', message: 'Return Reason with id: rr_nope was not found.' });

    const admin = await adminAgent(t);
    const reason = (await admin.post('/admin/return-reasons').send({ value: 'gone', label: 'Gone' }).expect(200)).body.return_reason;
    await admin.delete(`/admin/return-reasons/${reason.id}`).expect(200);
    await t.http().get(`/store/return-reasons/${reason.id}`).expect(404);
    expect((await t.http().get('/store/return-reasons').expect(200)).body.return_reasons.map((r: { id: string }) => r.id)).not.toContain(reason.id);
  });
});
