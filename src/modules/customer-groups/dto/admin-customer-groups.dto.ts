import { Transform, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsNotEmpty, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toBoolean, toStringArray } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

export class AdminGetCustomerGroupsParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  /** Group ids: `id=a`, `id[]=a&id[]=b` or `id=a,b`. */
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  id?: string[];

  /** Exact names: `name[]=VIP&name[]=Wholesale`. */
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  name?: string[];

  /** Groups linked to that discount condition. */
  @IsOptional()
  @IsString()
  discount_condition_id?: string;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}

export class AdminPostCustomerGroupsReq {
  @IsString()
  @IsNotEmpty()
  name: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class AdminPostCustomerGroupsGroupReq {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  name?: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}

export class CustomerRef {
  @IsString()
  id: string;
}

export class AdminCustomerGroupsBatchCustomersReq {
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  @ValidateNested({ each: true })
  @Type(() => CustomerRef)
  customer_ids: CustomerRef[];
}

/** The customers list of a group: the customers list filters, minus `groups`. */
export class AdminGetGroupsGroupCustomersParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  has_account?: boolean;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}
