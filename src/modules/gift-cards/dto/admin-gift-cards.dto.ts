import { Transform } from 'class-transformer';
import { IsBoolean, IsDate, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, Min, ValidateIf } from 'class-validator';

/** Postgres `integer` upper bound: larger amounts would fail in SQL instead of validation. */
const MAX_AMOUNT = 2_147_483_647;

/**
 * A JSON date: only strings are parsed, so numbers and booleans fail IsDate instead of
 * becoming 1970 dates; an unparseable string becomes an Invalid Date and fails too.
 */
function toBodyDate({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? new Date(value) : value;
}

/** Optional but not nullable: `null` is validated (and rejected) instead of being skipped like undefined. */
const IsOptionalNotNull = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** `GET /admin/gift-cards`. Like Medusa, this list accepts neither `expand` nor `fields`. */
export class AdminGetGiftCardsParams {
  @IsOptional()
  @IsString()
  q?: string;

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

export class AdminPostGiftCardsReq {
  @IsString()
  @IsNotEmpty()
  region_id: string;

  /** Minor units; 0 when omitted. */
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  value?: number;

  @IsOptionalNotNull()
  @IsBoolean()
  is_disabled?: boolean;

  @IsOptional()
  @Transform(toBodyDate)
  @IsDate()
  ends_at?: Date | null;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class AdminPostGiftCardsGiftCardReq {
  /** Must stay within 0..value; checked against the stored value by the service. */
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  balance?: number;

  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty()
  region_id?: string;

  @IsOptionalNotNull()
  @IsBoolean()
  is_disabled?: boolean;

  /** null removes the expiry. */
  @IsOptional()
  @Transform(toBodyDate)
  @IsDate()
  ends_at?: Date | null;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
