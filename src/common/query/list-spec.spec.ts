import { Reflector } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { ApiError } from '../errors/api-error';
import { ExpandFieldsInterceptor } from './expand-fields.interceptor';
import { compileList, ListSpec } from './list-spec';
import type { FindConfig } from './query-config.decorator';

class Thing {}

/** A list as a module declares one: filters with their operators, `q` columns, the order it allows, its count. */
const THINGS: ListSpec = {
  entity: Thing,
  alias: 't',
  query: { allowedOrder: ['created_at', 'name'], defaultRelations: [], defaultLimit: 20 },
  filters: {
    id: { op: 'anyOf' },
    status: { op: 'equals' },
    email: { op: 'lowered' },
    created_at: { op: 'dates' },
    group_id: { op: 'sql', sql: '{a}.id IN (SELECT tg.thing_id FROM thing_group tg WHERE tg.group_id IN (:...value))' },
  },
  q: { columns: ['name', 'code'] },
  tieBreaker: 'DESC',
  relationLoad: 'query',
  count: { searched: 'window', tally: 'customer' },
};

const config = (order: FindConfig['order'] = {}): FindConfig => ({ relations: [], skip: 0, take: 20, order });

describe('compileList: a list spec and a request become SQL', () => {
  it('turns each filter given into its condition, with its value as a parameter, and ignores keys the spec does not name', () => {
    const list = compileList(THINGS, { status: 'open', email: 'A@B.example', unknown: 'x' }, config());
    expect(list.where).toEqual(['t.status = :f_status', 't.email = lower(:f_email)']);
    expect(list.params).toEqual({ f_status: 'open', f_email: 'A@B.example' });
  });

  it('applies the operators: arrays as IN, null as IS NULL, date ranges, an empty anyOf as no condition', () => {
    const since = new Date('2026-01-01T00:00:00Z');
    const until = new Date('2026-02-01T00:00:00Z');
    expect(compileList(THINGS, { status: ['a', 'b'] }, config()).where).toEqual(['t.status IN (:...f_status)']);
    expect(compileList(THINGS, { status: null }, config()).where).toEqual(['t.status IS NULL']);
    expect(compileList(THINGS, { status: [] }, config()).where).toEqual(['false']);
    expect(compileList(THINGS, { id: [] }, config()).where).toEqual([]);
    const dated = compileList(THINGS, { created_at: { gte: since, lt: until } }, config());
    expect(dated.where).toEqual(['t.created_at < :f_created_at_lt AND t.created_at >= :f_created_at_gte']);
    expect(dated.params).toEqual({ f_created_at_lt: until, f_created_at_gte: since });
  });

  it('spells out an sql filter with the alias and the value bound', () => {
    const list = compileList(THINGS, { group_id: ['g1'] }, config());
    expect(list.where).toEqual(['(t.id IN (SELECT tg.thing_id FROM thing_group tg WHERE tg.group_id IN (:...f_group_id)))']);
    expect(list.params).toEqual({ f_group_id: ['g1'] });
  });

  it('searches q as an OR over its columns, wildcards escaped, and counts a search in the page statement', () => {
    const list = compileList(THINGS, { q: '50%_off', status: 'open' }, config());
    expect(list.where).toEqual(['t.status = :f_status', '(t.name ILIKE :q OR t.code ILIKE :q)']);
    expect(list.params.q).toBe('%50\\%\\_off%');
    expect(list.count).toBe('window');
  });

  it('asks the trigram index for the narrowed part of q and checks the full q on what it finds', () => {
    const list = compileList(THINGS, { q: 'user42' }, config(), { indexTerms: { name: 'r42' } });
    expect(list.where).toEqual(["((t.name ILIKE :q_index_0 AND (t.name || '') ILIKE :q) OR t.code ILIKE :q)"]);
    expect(list.params).toEqual({ q: '%user42%', q_index_0: '%r42%' });
  });

  it('uses the trigger-kept tally only when no filter, no q and no soft-deleted rows are asked for', () => {
    expect(compileList(THINGS, {}, config()).count).toEqual({ tally: 'customer' });
    expect(compileList(THINGS, { id: [] }, config()).count).toEqual({ tally: 'customer' });
    expect(compileList(THINGS, { status: 'open' }, config()).count).toBe('separate');
    expect(compileList({ ...THINGS, includeDeletedWith: 'deleted_at' }, { deleted_at: {} }, config()).count).toBe('separate');
  });

  it('orders by what was asked, then by id for stable pages; a spec may spell a key out or fix the order', () => {
    expect(compileList(THINGS, {}, config({ name: 'ASC' })).order).toEqual([
      ['t.name', 'ASC'],
      ['t.id', 'DESC'],
    ]);
    const spelled = { ...THINGS, orderSql: { name: (d: 'ASC' | 'DESC') => `(SELECT ${d === 'ASC' ? 'MIN' : 'MAX'}(x.name) FROM x WHERE x.t_id = t.id)` } };
    expect(compileList(spelled, {}, config({ name: 'DESC' })).order[0]).toEqual(['(SELECT MAX(x.name) FROM x WHERE x.t_id = t.id)', 'DESC']);
    expect(compileList({ ...THINGS, fixedOrder: { rank: 'ASC' } }, {}, config({ name: 'DESC' })).order).toEqual([
      ['t.rank', 'ASC'],
      ['t.id', 'DESC'],
    ]);
  });
});

describe("a list spec's query contract (the interceptor)", () => {
  const interceptor = new ExpandFieldsInterceptor(new Reflector(), {} as DataSource);

  it('refuses an order the spec does not allow with a 400, before any SQL', () => {
    expect(() => interceptor.buildFindConfig({ ...THINGS.query, isList: true }, { order: '-secret_column' })).toThrow(ApiError);
    expect(interceptor.buildFindConfig({ ...THINGS.query, isList: true }, { order: '-name' }).order).toEqual({ name: 'DESC' });
  });

  it('keeps created_at with fields on a list', () => {
    const found = interceptor.buildFindConfig({ ...THINGS.query, allowedFields: ['name', 'created_at'], isList: true }, { fields: 'name' });
    expect(found.fields).toEqual(['id', 'created_at', 'name']);
  });
});
