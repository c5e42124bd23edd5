import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { FindParamsDto, toBoolean } from '../../../common/query/find-params.dto';

/** `parent_category_id=null` asks for top-level categories, as in Medusa. */
export function toNullableId({ value }: { value: unknown }): unknown {
  return value === 'null' ? null : value;
}

/** Medusa's store list: no `order` (categories come by rank). */
export class StoreGetProductCategoriesParams extends FindParamsDto {
  @IsOptional()
  @IsString()
  limit?: string;

  @IsOptional()
  @IsString()
  offset?: string;

  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @IsString()
  handle?: string;

  @IsOptional()
  @Transform(toNullableId)
  @IsString()
  parent_category_id?: string | null;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  include_descendants_tree?: boolean;
}
