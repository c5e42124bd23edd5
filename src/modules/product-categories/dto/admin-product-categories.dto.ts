import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Min, ValidateIf, ValidateNested } from 'class-validator';
import { toBoolean } from '../../../common/query/find-params.dto';
import { StoreGetProductCategoriesParams, toNullableId } from './store-product-categories.dto';

export class AdminGetProductCategoriesParams extends StoreGetProductCategoriesParams {
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  is_internal?: boolean;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  is_active?: boolean;
}

export class AdminPostProductCategoriesReq {
  @IsString()
  @IsNotEmpty()
  name: string;

  /** A string when given: `null` (or "null") is a 400, as in Medusa, where the column is NOT NULL. */
  @Transform(toNullableId)
  @ValidateIf((body: { description?: unknown }) => body.description !== undefined)
  @IsString()
  description?: string;

  @IsOptional()
  @IsString()
  handle?: string;

  @IsOptional()
  @IsBoolean()
  is_internal?: boolean;

  @IsOptional()
  @IsBoolean()
  is_active?: boolean;

  @IsOptional()
  @Transform(toNullableId)
  @IsString()
  parent_category_id?: string | null;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class AdminPostProductCategoriesCategoryReq {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  name?: string;

  /** A string when given: `null` (or "null") is a 400, as in Medusa, where the column is NOT NULL. */
  @Transform(toNullableId)
  @ValidateIf((body: { description?: unknown }) => body.description !== undefined)
  @IsString()
  description?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  handle?: string;

  @IsOptional()
  @IsBoolean()
  is_internal?: boolean;

  @IsOptional()
  @IsBoolean()
  is_active?: boolean;

  /** Another category's id, or null to move the category to the top level. */
  @IsOptional()
  @Transform(toNullableId)
  @IsString()
  parent_category_id?: string | null;

  @IsOptional()
  @IsInt()
  @Min(0)
  rank?: number;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}

export class ProductRef {
  @IsString()
  @IsNotEmpty()
  id: string;
}

export class AdminProductCategoryProductsBatchReq {
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  @ValidateNested({ each: true })
  @Type(() => ProductRef)
  product_ids: ProductRef[];
}
