import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { map, Observable } from 'rxjs';
import { ApiError } from '../errors/api-error';
import { serializedText } from '../http/serialized-json';
import { FindConfig, QUERY_CONFIG, QueryConfigOptions } from './query-config.decorator';
import { SECRET_PROPERTIES, stripSecrets } from './secrets';

const PAGINATION_KEYS = new Set(['count', 'offset', 'limit']);
/** What Express's res.json() sets. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const SECRET_KEY_IN_JSON = new RegExp(`"(?:${[...SECRET_PROPERTIES].join('|')})"`);
const DEFAULT_MAX_LIMIT = 1000;
/**
 * How many relation paths one `expand` may name (repeats counted), unless the route's own
 * default set is larger. Each distinct set is compiled and prepared as a statement of its
 * own, whose size grows with the paths; the largest set a route accepts today is 21 (a
 * cart or an order with everything), and Medusa's clients send far fewer.
 */
export const MAX_EXPAND_RELATIONS = 25;

/**
 * Computed totals an answer keeps whatever `fields` names, as Medusa v1's
 * `cleanResponseData` (utils/clean-response-data.ts, INCLUDED_FIELDS) does: `fields=status`
 * on an order still sends its `total`, `subtotal`, `paid_total`, ...; a cart keeps its
 * totals the same way (Medusa computes them on every cart it answers). Only top-level keys
 * the answer has are kept: a resource without totals is unaffected.
 */
const TOTALS_KEPT_WITH_FIELDS = [
  'shipping_total',
  'discount_total',
  'tax_total',
  'refunded_total',
  'total',
  'subtotal',
  'paid_total',
  'refundable_amount',
  'gift_card_total',
  'gift_card_tax_total',
  'item_tax_total',
  'shipping_tax_total',
  'refundable',
  'original_total',
  'original_tax_total',
] as const;

function splitList(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : []));
  if ((Array.isArray(raw) ? raw : [raw]).some((v) => typeof v !== 'string')) {
    throw ApiError.invalid('expand, fields and order must be comma separated strings');
  }
  return parts.map((s) => s.trim()).filter(Boolean);
}

function parseNonNegativeInt(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  // Medusa's (class-validator's) words for what is not a number at all.
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw)) throw ApiError.invalid(`${name} must be a number conforming to the specified constraints`);
  // Medusa answers a negative limit with a 500; here it is a 400 like any bad input.
  if (!/^\d{1,9}$/.test(raw)) throw ApiError.invalid(`${name} must be a non-negative integer`);
  return Number(raw);
}

/**
 * Applies `expand`, `fields`, `order`, `limit` and `offset` as section 4.0 of the spec
 * says (Medusa v1's semantics):
 * - `expand` replaces the default relations; `expand=` means no relations;
 * - `fields` returns only the named fields plus `id` (and the expanded relations, and the
 *   computed totals of TOTALS_KEPT_WITH_FIELDS); `fields=` returns only `id` (and those);
 * - unknown names are a 400 `invalid_data`; nothing unvalidated reaches SQL.
 * It also strips secrets from every response, as the last line of defence.
 */
@Injectable()
export class ExpandFieldsInterceptor implements NestInterceptor {
  private readonly columnCache = new Map<unknown, string[]>();

  constructor(
    private readonly reflector: Reflector,
    private readonly dataSource: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const config = this.reflector.get<QueryConfigOptions | undefined>(QUERY_CONFIG, context.getHandler());
    let findConfig: FindConfig | undefined;
    if (config) {
      const req = context.switchToHttp().getRequest();
      findConfig = this.buildFindConfig(config, req.query ?? {});
      req.findConfig = findConfig;
    }
    return next.handle().pipe(
      map((body) => {
        if (!findConfig?.fields) {
          const text = serializedText(body);
          // Already serialized for its idempotency record: send that text (a secret name in
          // it, even as a value, takes the ordinary path).
          if (text !== undefined && !SECRET_KEY_IN_JSON.test(text)) {
            context.switchToHttp().getResponse<Response>().setHeader('Content-Type', JSON_CONTENT_TYPE);
            return text;
          }
        }
        if (findConfig?.fields) {
          const namedTotal = findConfig.fields.some((f) => (TOTALS_KEPT_WITH_FIELDS as readonly string[]).includes(f));
          const onlyRequested = config?.onlyRequestedTotals === true || (config?.totalsOnlyWhenNamed === true && namedTotal);
          const kept = (config?.keptWithFields ?? []).filter((key) => !(onlyRequested && key === 'raw_discount_total'));
          this.trimToFields(body, findConfig, onlyRequested, kept);
        }
        stripSecrets(body);
        return body;
      }),
    );
  }

  buildFindConfig(config: QueryConfigOptions, query: Record<string, unknown>): FindConfig {
    const columns = config.entity ? this.entityColumns(config.entity) : [];

    const expand = splitList(query.expand);
    let relations = config.defaultRelations ?? [];
    if (expand !== undefined) {
      const max = Math.max(MAX_EXPAND_RELATIONS, config.defaultRelations?.length ?? 0);
      if (expand.length > max) throw ApiError.invalid(`expand may name at most ${max} relations; ${expand.length} were given`);
      const allowed = new Set(config.allowedRelations ?? config.defaultRelations ?? []);
      const unknown = expand.filter((r) => !allowed.has(r));
      // Medusa 1.20's getQueryConfig words a refused relation as a refused field.
      if (unknown.length) throw ApiError.invalid(`Requested fields [${unknown.join(', ')}] are not valid`);
      relations = [...new Set(expand)];
    }

    const requestedFields = splitList(query.fields);
    let fields: string[] | undefined;
    if (requestedFields !== undefined) {
      const allowed = new Set([...(config.allowedFields ?? columns), ...(config.computedFields ?? [])]);
      const unknown = requestedFields.filter((f) => !allowed.has(f) || SECRET_PROPERTIES.has(f));
      if (unknown.length) throw ApiError.invalid(`Requested fields [${unknown.join(', ')}] are not valid`);
      const keys = config.entity ? this.primaryKeys(config.entity) : ['id'];
      // Medusa's list routes also keep created_at (their default order) with `fields`.
      fields = [...new Set([...keys, ...(config.isList ? ['created_at'] : []), ...requestedFields])];
    }

    let order: Record<string, 'ASC' | 'DESC'> = config.defaultOrder ?? (columns.includes('created_at') ? { created_at: 'DESC' } : {});
    if (query.order !== undefined) {
      const orderList = splitList(query.order) ?? [];
      const allowed = new Set(config.allowedOrder ?? columns);
      order = {};
      for (const entry of orderList) {
        const desc = entry.startsWith('-');
        const column = desc ? entry.slice(1) : entry.replace(/^\+/, '');
        if (!allowed.has(column) || SECRET_PROPERTIES.has(column)) throw ApiError.invalid(`Order field ${column} is not valid`);
        order[column] = desc ? 'DESC' : 'ASC';
      }
    }

    const maxLimit = config.maxLimit ?? DEFAULT_MAX_LIMIT;
    const take = parseNonNegativeInt(query.limit, 'limit', config.defaultLimit ?? 20);
    if (take > maxLimit) throw ApiError.invalid(`limit must not be greater than ${maxLimit}`);
    const skip = parseNonNegativeInt(query.offset, 'offset', 0);

    return { relations, fields, skip, take, order };
  }

  private entityColumns(entity: unknown): string[] {
    let cached = this.columnCache.get(entity);
    if (!cached) {
      const metadata = this.dataSource.getMetadata(entity as never);
      cached = metadata.columns
        .filter((c) => c.isSelect)
        .map((c) => c.propertyName)
        .filter((c) => !SECRET_PROPERTIES.has(c));
      this.columnCache.set(entity, cached);
    }
    return cached;
  }

  private primaryKeys(entity: unknown): string[] {
    return this.dataSource.getMetadata(entity as never).primaryColumns.map((c) => c.propertyName);
  }

  private trimToFields(body: unknown, config: FindConfig, onlyRequestedTotals: boolean, keptWithFields: readonly string[]): void {
    if (!body || typeof body !== 'object') return;
    const keep = new Set([
      ...(config.fields ?? []),
      ...config.relations.map((r) => r.split('.')[0]),
      ...(onlyRequestedTotals ? [] : TOTALS_KEPT_WITH_FIELDS),
      ...keptWithFields,
    ]);
    const pick = (item: unknown) => {
      if (!item || typeof item !== 'object' || item instanceof Date) return;
      for (const key of Object.keys(item)) if (!keep.has(key)) delete (item as Record<string, unknown>)[key];
    };
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (PAGINATION_KEYS.has(key)) continue;
      if (Array.isArray(value)) value.forEach(pick);
      else pick(value);
    }
  }
}
