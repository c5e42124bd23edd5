import { Transform, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsEmail, IsNotEmpty, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toBoolean, toStringArray } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';
import { IsPersonName } from '../../../common/validation/person-name';

export class AdminGetCustomersParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  has_account?: boolean;

  /** Customer group ids: `groups[]=a&groups[]=b` or `groups=a,b`. */
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  groups?: string[];

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}

export class AdminPostCustomersReq {
  @IsEmail()
  email: string;

  @IsPersonName()
  first_name: string;

  @IsPersonName()
  last_name: string;

  @IsString()
  @IsNotEmpty()
  password: string;

  @IsOptional()
  @IsString()
  phone?: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class CustomerGroupRef {
  @IsString()
  id: string;
}

export class AdminPostCustomersCustomerReq {
  @IsOptional()
  @IsEmail()
  email?: string;

  @IsOptional()
  @IsPersonName()
  first_name?: string;

  @IsOptional()
  @IsPersonName()
  last_name?: string;

  @IsOptional()
  @IsString()
  phone?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  password?: string;

  /** Replaces the customer's group memberships; `[]` removes them all. */
  @IsOptional()
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  @ValidateNested({ each: true })
  @Type(() => CustomerGroupRef)
  groups?: CustomerGroupRef[];

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}
