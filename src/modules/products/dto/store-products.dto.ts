import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsOptional, IsString } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toBoolean, toStringArray } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

export class StoreGetProductsParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  id?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  sales_channel_id?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  collection_id?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  type_id?: string[];

  /** Products in any of these (active, non-internal) categories. */
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  category_id?: string[];

  /** With category_id: the categories' descendants count too. */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  include_category_children?: boolean;

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  tags?: string[];

  @IsOptional()
  @IsString()
  title?: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @IsString()
  handle?: string;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  is_giftcard?: boolean;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @IsOptional()
  @IsString()
  region_id?: string;

  @IsOptional()
  @IsString()
  currency_code?: string;

  @IsOptional()
  @IsString()
  cart_id?: string;
}

export class StoreGetProductsProductParams {
  @IsOptional()
  @IsString()
  expand?: string;

  @IsOptional()
  @IsString()
  fields?: string;

  @IsOptional()
  @IsString()
  region_id?: string;

  @IsOptional()
  @IsString()
  currency_code?: string;

  @IsOptional()
  @IsString()
  cart_id?: string;
}

/** Medusa v1's StoreGetVariantsParams. */
export class StoreGetVariantsParams extends ListParamsDto {
  /** A comma-separated list of ids. */
  @IsOptional()
  @IsString()
  ids?: string;

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  id?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  title?: string[];

  /** Availability only (with an inventory module); checked against a publishable key. */
  @IsOptional()
  @IsString()
  sales_channel_id?: string;

  @IsOptional()
  @IsString()
  cart_id?: string;

  @IsOptional()
  @IsString()
  region_id?: string;

  @IsOptional()
  @IsString()
  currency_code?: string;
}

/** `GET /store/variants/:id`. */
export class StoreGetVariantsVariantParams {
  @IsOptional()
  @IsString()
  sales_channel_id?: string;

  @IsOptional()
  @IsString()
  cart_id?: string;

  @IsOptional()
  @IsString()
  region_id?: string;

  @IsOptional()
  @IsString()
  currency_code?: string;

  @IsOptional()
  @IsString()
  expand?: string;

  @IsOptional()
  @IsString()
  fields?: string;
}
