import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, ValidateNested } from 'class-validator';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';
import { DateComparisonOperator, DateFilter, ListParamsDto } from '../../../common/query/find-params.dto';

/** Medusa v1's AdminGetSalesChannelsParams. */
export class AdminGetSalesChannelsParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  id?: string;

  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsString()
  description?: string;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @DateFilter()
  deleted_at?: DateComparisonOperator;
}

/** `POST /admin/sales-channels`. */
export class AdminPostSalesChannelsReq {
  @IsString()
  @IsNotEmpty()
  name: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @IsBoolean()
  is_disabled?: boolean;
}

/** `POST /admin/sales-channels/:id`. */
export class AdminPostSalesChannelsSalesChannelReq {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  name?: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @IsBoolean()
  is_disabled?: boolean;
}

class ProductIdReq {
  @IsString()
  id: string;
}

/** `POST` and `DELETE /admin/sales-channels/:id/products/batch`. */
export class AdminSalesChannelProductsBatchReq {
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  @ValidateNested({ each: true })
  @Type(() => ProductIdReq)
  product_ids: ProductIdReq[];
}
