import { Transform, Type } from 'class-transformer';
import { IsDate, IsOptional, IsString, ValidateNested } from 'class-validator';

/** `expand`/`fields` accepted on every route with a QueryConfig; the interceptor validates them. */
export class FindParamsDto {
  @IsOptional()
  @IsString()
  expand?: string;

  @IsOptional()
  @IsString()
  fields?: string;
}

/** `limit`, `offset`, `order` on list routes; the interceptor enforces ranges and allowlists. */
export class ListParamsDto extends FindParamsDto {
  @IsOptional()
  @IsString()
  limit?: string;

  @IsOptional()
  @IsString()
  offset?: string;

  @IsOptional()
  @IsString()
  order?: string;
}

/**
 * A date filter value: an ISO date, or Unix seconds as Medusa v1 accepts
 * (`created_at[lt]=1650000000`). Anything else stays a string and fails IsDate.
 */
function toDate({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string' || value === '') return value;
  if (/^\d+(\.\d+)?$/.test(value)) return new Date(Number(value) * 1000);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date;
}

export class DateComparisonOperator {
  @IsOptional()
  @Transform(toDate)
  @IsDate()
  lt?: Date;

  @IsOptional()
  @Transform(toDate)
  @IsDate()
  gt?: Date;

  @IsOptional()
  @Transform(toDate)
  @IsDate()
  lte?: Date;

  @IsOptional()
  @Transform(toDate)
  @IsDate()
  gte?: Date;
}

/** Property decorator set for a `created_at[gt]=...` style filter. */
export function DateFilter(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    ValidateNested()(target, key);
    Type(() => DateComparisonOperator)(target, key);
  };
}

/** Query-string booleans: "true"/"false" only (anything else fails IsBoolean). */
export function toBoolean({ value }: { value: unknown }): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** Query-string arrays: `a[]=x&a[]=y`, `a[0]=x`, `a=x,y` or a single `a=x` all become string[]. */
export function toStringArray({ value }: { value: unknown }): unknown {
  if (value === undefined) return value;
  if (typeof value === 'string') return value.split(',').filter(Boolean);
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : [v]));
  if (value && typeof value === 'object') return Object.values(value);
  return value;
}
