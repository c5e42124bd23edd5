import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsOptional, IsString } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toBoolean, toStringArray } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

/** Medusa v1's AdminGetShippingOptionsParams. */
export class AdminGetShippingOptionsParams extends ListParamsDto {
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.queryFilter)
  id?: string[];

  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsString()
  region_id?: string;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  is_return?: boolean;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  admin_only?: boolean;

  @IsOptional()
  @IsString()
  q?: string;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @DateFilter()
  deleted_at?: DateComparisonOperator;
}
