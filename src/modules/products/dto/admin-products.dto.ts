import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toBoolean, toStringArray } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

/** A query-string list of ids: `a[]=x&a[]=y`, `a[0]=x`, `a=x,y`. */
function IdList(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(toStringArray)(target, key);
    IsArray()(target, key);
    MaxEntries(LIST_LIMITS.queryFilter)(target, key);
    IsString({ each: true })(target, key);
  };
}

/** Medusa v1's AdminGetProductsParams (FilterableProductProps). */
export class AdminGetProductsParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @IdList()
  id?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(['draft', 'proposed', 'published', 'rejected'], { each: true })
  status?: string[];

  /** Price lists are not part of this service: a product is in none, so any price_list_id matches nothing. */
  @IdList()
  price_list_id?: string[];

  @IdList()
  collection_id?: string[];

  @IdList()
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

  @IdList()
  type_id?: string[];

  @IdList()
  sales_channel_id?: string[];

  @IsOptional()
  @IsString()
  discount_condition_id?: string;

  @IdList()
  category_id?: string[];

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  include_category_children?: boolean;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @DateFilter()
  deleted_at?: DateComparisonOperator;
}

/** Medusa v1's AdminGetVariantsParams (with its price selection). */
export class AdminGetVariantsParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @IdList()
  id?: string[];

  @IdList()
  title?: string[];

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  manage_inventory?: boolean;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  allow_backorder?: boolean;

  @IsOptional()
  @IsString()
  region_id?: string;

  @IsOptional()
  @IsString()
  currency_code?: string;

  @IsOptional()
  @IsString()
  cart_id?: string;

  @IsOptional()
  @IsString()
  customer_id?: string;
}

/** Medusa v1's AdminGetProductTagsParams / AdminGetProductTypesParams. */
export class AdminGetProductTaxonomyParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @IdList()
  id?: string[];

  @IdList()
  value?: string[];

  @IsOptional()
  @IsString()
  discount_condition_id?: string;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}
