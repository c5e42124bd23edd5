import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

const FIELDS = [
  'created_at',
  'deleted_at',
  'description',
  'id',
  'label',
  'metadata',
  'parent_return_reason',
  'parent_return_reason_id',
  'return_reason_children',
  'updated_at',
  'value',
];

describe('Admin return reasons (/admin/return-reasons)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const liveRows = async () =>
    (await t.dataSource.query(
      `SELECT id, value, label, description, parent_return_reason_id, metadata FROM return_reason WHERE deleted_at IS NULL ORDER BY id`,
    )) as unknown[];
  const create = async (body: Record<string, unknown>) => (await admin.post('/admin/return-reasons').send(body).expect(200)).body.return_reason;

  it('needs an authenticated admin (401)', async () => {
    for (const call of [
      t.http().get('/admin/return-reasons'),
      t.http().post('/admin/return-reasons').send({ value: 'x', label: 'x' }),
      t.http().get('/admin/return-reasons/rr_x'),
      t.http().post('/admin/return-reasons/rr_x').send({ label: 'x' }),
      t.http().delete('/admin/return-reasons/rr_x'),
    ]) {
      const res = await call.expect(401);
      expect(res.body).toMatchObject({ message: 'Unauthorized' });
    }
  });

  it('answers a shop without reasons with an empty list, no pagination fields', async () => {
    const res = await admin.get('/admin/return-reasons').expect(200);
    expect(res.body).toEqual({ return_reasons: [] });
  });

  it('creates a reason (200) with its relations, reads, updates (metadata replaced) and lists it', async () => {
    const reason = await create({ value: 'damaged', label: 'Damaged goods', description: 'Arrived broken', metadata: { a: 1, b: 2 } });
    expect(Object.keys(reason).sort()).toEqual(FIELDS);
    expect(reason).toMatchObject({
      id: expect.stringMatching(/^rr_/),
      value: 'damaged',
      label: 'Damaged goods',
      description: 'Arrived broken',
      parent_return_reason_id: null,
      parent_return_reason: null,
      return_reason_children: [],
      metadata: { a: 1, b: 2 },
      deleted_at: null,
    });

    const read = await admin.get(`/admin/return-reasons/${reason.id}`).expect(200);
    expect(read.body.return_reason).toEqual(reason);

    const updated = await admin
      .post(`/admin/return-reasons/${reason.id}`)
      .send({ label: 'Damaged', metadata: { c: 3 } })
      .expect(200);
    expect(updated.body.return_reason).toMatchObject({ id: reason.id, value: 'damaged', label: 'Damaged', description: 'Arrived broken', metadata: { c: 3 } });

    const list = await admin.get('/admin/return-reasons?limit=1&offset=5&anything=ignored').expect(200);
    expect(list.body).toEqual({ return_reasons: [expect.objectContaining({ id: reason.id, label: 'Damaged' })] });
    await admin.delete(`/admin/return-reasons/${reason.id}`).expect(200);
  });

  it('nests a child under a top-level reason; the list holds parents only, each with its children', async () => {
    const parent = await create({ value: 'wrong_item', label: 'Wrong item' });
    const child = await create({ value: 'wrong_size', label: 'Wrong size', parent_return_reason_id: parent.id });
    expect(child).toMatchObject({
      parent_return_reason_id: parent.id,
      parent_return_reason: expect.objectContaining({ id: parent.id }),
      return_reason_children: [],
    });
    const lone = await create({ value: 'changed_mind', label: 'Changed my mind' });

    const list = (await admin.get('/admin/return-reasons').expect(200)).body.return_reasons as Array<{
      id: string;
      return_reason_children: Array<{ id: string }>;
    }>;
    expect(list.map((r) => r.id).sort()).toEqual([parent.id, lone.id].sort());
    expect(list.find((r) => r.id === parent.id)!.return_reason_children.map((c) => c.id)).toEqual([child.id]);

    const read = (await admin.get(`/admin/return-reasons/${parent.id}`).expect(200)).body.return_reason;
    expect(read.return_reason_children).toEqual([expect.objectContaining({ id: child.id, value: 'wrong_size' })]);

    // Medusa's refusal of a grandchild, and the parent never changes on update.
    const before = await liveRows();
    const nested = await admin.post('/admin/return-reasons').send({ value: 'too_deep', label: 'Too deep', parent_return_reason_id: child.id }).expect(400);
    expect(nested.body).toEqual({ type: 'invalid_data', message: 'Doubly nested return reasons is not supported' });
    const noParent = await admin.post('/admin/return-reasons').send({ value: 'orphan', label: 'Orphan', parent_return_reason_id: 'rr_missing' }).expect(404);
    expect(noParent.body).toMatchObject({ type: 'not_found', message: 'Return Reason with id: rr_missing was not found.' });
    await admin.post(`/admin/return-reasons/${child.id}`).send({ parent_return_reason_id: lone.id }).expect(400);
    expect(await liveRows()).toEqual(before);
  });

  it('deletes a parent with its children (soft delete); the value can then be used again', async () => {
    const parent = await create({ value: 'quality', label: 'Quality' });
    const child = await create({ value: 'quality_stitching', label: 'Stitching', parent_return_reason_id: parent.id });
    const other = await create({ value: 'late', label: 'Arrived late' });

    const deleted = await admin.delete(`/admin/return-reasons/${parent.id}`).expect(200);
    expect(deleted.body).toEqual({ id: parent.id, object: 'return_reason', deleted: true });
    for (const id of [parent.id, child.id]) {
      const gone = await admin.get(`/admin/return-reasons/${id}`).expect(404);
      expect(gone.body).toEqual({ type: 'not_found', message: `Return Reason with id: ${id} was not found.` });
    }
    const [{ kept }] = await t.dataSource.query(`SELECT count(*)::int AS kept FROM return_reason WHERE id = ANY($1) AND deleted_at IS NOT NULL`, [
      [parent.id, child.id],
    ]);
    expect(kept).toBe(2);
    expect((await admin.get(`/admin/return-reasons/${other.id}`).expect(200)).body.return_reason.id).toBe(other.id);

    const again = await create({ value: 'quality', label: 'Quality again' });
    expect(again.id).not.toBe(parent.id);

    const unknown = await admin.delete('/admin/return-reasons/rr_nope').expect(404);
    expect(unknown.body).toEqual({ type: 'not_found', message: 'Return Reason with id: rr_nope was not found.' });
  });

  it('hides a deleted child from its parent', async () => {
    const parent = await create({ value: 'fit', label: 'Fit' });
    const small = await create({ value: 'fit_small', label: 'Too small', parent_return_reason_id: parent.id });
    const big = await create({ value: 'fit_big', label: 'Too big', parent_return_reason_id: parent.id });
    await admin.delete(`/admin/return-reasons/${small.id}`).expect(200);
    const read = (await admin.get(`/admin/return-reasons/${parent.id}`).expect(200)).body.return_reason;
    expect(read.return_reason_children.map((c: { id: string }) => c.id)).toEqual([big.id]);
  });

  it('refuses a duplicate live value (422) and bad input (400), changing nothing', async () => {
    const reason = await create({ value: 'unique_value', label: 'Unique' });
    const before = await liveRows();

    const dup = await admin.post('/admin/return-reasons').send({ value: 'unique_value', label: 'Again' }).expect(422);
    expect(dup.body).toMatchObject({ type: 'duplicate_error', message: 'Return_reason with value unique_value already exists.' });
    const other = await create({ value: 'other_value', label: 'Other' });
    const dupUpdate = await admin.post(`/admin/return-reasons/${other.id}`).send({ value: 'unique_value' }).expect(422);
    expect(dupUpdate.body).toMatchObject({ type: 'duplicate_error' });
    await admin.delete(`/admin/return-reasons/${other.id}`).expect(200);

    const noLabel = await admin.post('/admin/return-reasons').send({ value: 'x' }).expect(400);
    expect(noLabel.body).toMatchObject({ type: 'invalid_data', message: expect.stringContaining('label must be a string') });
    const noValue = await admin.post('/admin/return-reasons').send({ label: 'x' }).expect(400);
    expect(noValue.body).toMatchObject({ type: 'invalid_data', message: expect.stringContaining('value must be a string') });
    for (const body of [
      { value: 1, label: 'x' },
      { value: 'x', label: 'x', metadata: 'flat' },
      { value: 'x', label: 'x', description: 5 },
      { value: 'x', label: 'x', parent_return_reason_id: 7 },
      { value: 'x', label: 'x', other: true },
    ]) {
      const res = await admin.post('/admin/return-reasons').send(body).expect(400);
      expect(res.body).toMatchObject({ type: 'invalid_data', message: expect.any(String) });
    }
    const extra = await admin.post('/admin/return-reasons').send({ value: 'x', label: 'x', other: true }).expect(400);
    expect(extra.body.message).toContain('property other should not exist');
    for (const body of [{ label: 3 }, { metadata: [1] }, { value: null }, { other: 1 }]) {
      await admin.post(`/admin/return-reasons/${reason.id}`).send(body).expect(400);
    }
    await admin.post('/admin/return-reasons/rr_nope').send({ label: 'x' }).expect(404);
    expect(await liveRows()).toEqual(before);
  });
});
