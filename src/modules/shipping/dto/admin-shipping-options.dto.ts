import { Transform, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
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

const PRICE_TYPES = ['flat_rate', 'calculated'];
const REQUIREMENT_TYPES = ['min_subtotal', 'max_subtotal'];

/** Medusa's create-time requirement: the type is checked by validation. */
export class ShippingOptionRequirementInput {
  @IsIn(REQUIREMENT_TYPES, { message: 'Invalid option type, must be one of "min_subtotal" or "max_subtotal"' })
  type: 'min_subtotal' | 'max_subtotal';

  @IsInt()
  @Min(0)
  amount: number;
}

/** Medusa's update-time requirement: an `id` updates that requirement, the type is checked by the service (its message). */
export class ShippingOptionRequirementUpdate {
  @IsOptional()
  @IsString()
  id?: string;

  @IsString()
  type: string;

  @IsInt()
  @Min(0)
  amount: number;
}

/**
 * Medusa's `admin_only` / `is_return` at creation: a plain Boolean cast, so the string
 * "false" is true (seen on a real 1.20.10).
 */
const booleanCast = ({ value }: { value: unknown }) => (value === undefined ? undefined : Boolean(value));

/** Medusa v1's AdminPostShippingOptionsReq. */
export class AdminPostShippingOptionsReq {
  @IsString()
  name: string;

  @IsString()
  region_id: string;

  @IsString()
  provider_id: string;

  @IsOptional()
  @IsString()
  profile_id?: string;

  @IsObject()
  data: Record<string, unknown>;

  @IsIn(PRICE_TYPES, { message: 'Invalid price type, must be one of "flat_rate" or "calculated"' })
  price_type: 'flat_rate' | 'calculated';

  @IsOptional()
  @IsInt()
  @Min(0)
  amount?: number;

  @IsOptional()
  @IsArray()
  @MaxEntries(LIST_LIMITS.conditions)
  @ValidateNested({ each: true })
  @Type(() => ShippingOptionRequirementInput)
  requirements?: ShippingOptionRequirementInput[];

  @IsOptional()
  @Transform(booleanCast)
  @IsBoolean()
  admin_only?: boolean;

  @IsOptional()
  @Transform(booleanCast)
  @IsBoolean()
  is_return?: boolean;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;

  @IsOptional()
  @IsBoolean()
  includes_tax?: boolean;
}

/** Medusa v1's AdminPostShippingOptionsOptionReq: `requirements` is required (`[]` removes them all). */
export class AdminPostShippingOptionsOptionReq {
  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  amount?: number;

  @IsOptional()
  @IsIn(PRICE_TYPES, { message: 'Invalid price type, must be one of "flat_rate" or "calculated"' })
  price_type?: 'flat_rate' | 'calculated';

  @IsArray()
  @MaxEntries(LIST_LIMITS.conditions)
  @ValidateNested({ each: true })
  @Type(() => ShippingOptionRequirementUpdate)
  requirements: ShippingOptionRequirementUpdate[];

  @IsOptional()
  @IsBoolean()
  admin_only?: boolean;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;

  @IsOptional()
  @IsBoolean()
  includes_tax?: boolean;
}
