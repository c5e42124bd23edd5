import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { EntityTarget } from 'typeorm';

export const QUERY_CONFIG = 'query-config';

/**
 * Per-route contract for `expand`, `fields`, `order`, `limit` and `offset`, the same knobs
 * as Medusa v1's `transformQuery`. Allowlists live next to the route they serve.
 */
export interface QueryConfigOptions {
  /** Entity whose columns are the selectable fields and sortable columns, unless overridden. */
  entity?: EntityTarget<unknown>;
  defaultRelations?: string[];
  allowedRelations?: string[];
  /** Selectable fields; defaults to the entity's columns (secrets excluded). */
  allowedFields?: string[];
  /** Extra computed fields a response may carry (totals), selectable by name. */
  computedFields?: string[];
  /** Sortable columns; defaults to the entity's columns. */
  allowedOrder?: string[];
  defaultOrder?: Record<string, 'ASC' | 'DESC'>;
  defaultLimit?: number;
  maxLimit?: number;
  /** A list route in Medusa's sense: with `fields`, `created_at` is kept too (as Medusa's list queries do). */
  isList?: boolean;
  /**
   * With `fields`, the answer keeps only what was named even among the computed totals. Medusa's
   * admin order list computes just the totals it was asked for; its retrieve routes compute
   * them all and keep them whatever `fields` says (the default here).
   */
  onlyRequestedTotals?: boolean;
  /**
   * With `fields` naming a total, the answer keeps only the totals named (and none of
   * `keptWithFields`' `raw_discount_total`); naming none keeps them all. Medusa 1.20's
   * customer order list computes totals that way (seen on a real 1.20.10).
   */
  totalsOnlyWhenNamed?: boolean;
  /** Top-level keys the answer keeps whatever `fields` names (beyond the totals), as Medusa's route answers them. */
  keptWithFields?: string[];
}

export interface FindConfig {
  relations: string[];
  /** Requested fields (always includes id), or undefined when all fields are returned. */
  fields?: string[];
  skip: number;
  take: number;
  order: Record<string, 'ASC' | 'DESC'>;
}

export const QueryConfig = (options: QueryConfigOptions) => SetMetadata(QUERY_CONFIG, options);

/** The validated find-config the ExpandFieldsInterceptor built for this request. */
export const FindParams = createParamDecorator((_data: unknown, ctx: ExecutionContext): FindConfig => {
  const req = ctx.switchToHttp().getRequest();
  return req.findConfig;
});
