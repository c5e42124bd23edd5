import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDate,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  Matches,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toBoolean } from '../../../common/query/find-params.dto';
import { isIsoDuration } from '../engine/iso-duration';
import { ALLOCATION_TYPES, AllocationType, DISCOUNT_RULE_TYPES, DiscountRuleType } from '../discount-rule.entity';
import { CreateConditionDto, UpsertConditionDto } from './condition-resources.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

const RULE_TYPE_MESSAGE = 'Invalid rule type, must be one of "fixed", "percentage" or "free_shipping"';
const ALLOCATION_MESSAGE = 'Invalid allocation type, must be one of "total" or "item"';

function IsIsoDuration(): PropertyDecorator {
  return ValidateBy({
    name: 'isIsoDuration',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isIsoDuration(value),
      defaultMessage: () => '"valid_duration" must be a valid ISO 8601 duration',
    },
  });
}

export class AdminDiscountRuleFilter {
  @IsOptional()
  @IsIn(DISCOUNT_RULE_TYPES, { message: RULE_TYPE_MESSAGE })
  type?: DiscountRuleType;

  @IsOptional()
  @IsIn(ALLOCATION_TYPES, { message: ALLOCATION_MESSAGE })
  allocation?: AllocationType;
}

export class AdminGetDiscountsParams extends ListParamsDto {
  /** Case-insensitive substring of the code. */
  @IsOptional()
  @IsString()
  q?: string;

  /** `rule[type]=fixed`, `rule[allocation]=total`. */
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AdminDiscountRuleFilter)
  rule?: AdminDiscountRuleFilter;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  is_dynamic?: boolean;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  is_disabled?: boolean;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}

export class AdminCreateDiscountRule {
  @IsOptional()
  @IsString()
  description?: string;

  @IsIn(DISCOUNT_RULE_TYPES, { message: RULE_TYPE_MESSAGE })
  type: DiscountRuleType;

  /** Percent for percentage rules, minor units for fixed ones. */
  @IsInt()
  value: number;

  @IsIn(ALLOCATION_TYPES, { message: ALLOCATION_MESSAGE })
  allocation: AllocationType;

  @IsOptional()
  @IsArray()
  @MaxEntries(LIST_LIMITS.conditions)
  @ValidateNested({ each: true })
  @Type(() => CreateConditionDto)
  conditions?: CreateConditionDto[];
}

export class AdminPostDiscountsReq {
  @Matches(/\S/, { message: 'code must not be blank' })
  @IsString()
  @IsNotEmpty()
  code: string;

  @IsObject()
  @ValidateNested()
  @Type(() => AdminCreateDiscountRule)
  rule: AdminCreateDiscountRule;

  @IsOptional()
  @IsBoolean()
  is_dynamic?: boolean;

  @IsOptional()
  @IsBoolean()
  is_disabled?: boolean;

  @IsOptional()
  @Type(() => Date)
  @IsDate()
  starts_at?: Date;

  @IsOptional()
  @Type(() => Date)
  @IsDate()
  ends_at?: Date | null;

  @IsOptional()
  @IsIsoDuration()
  valid_duration?: string | null;

  @IsString({ each: true })
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  regions: string[];

  @IsOptional()
  @IsPositive()
  @IsInt()
  usage_limit?: number | null;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class AdminUpdateDiscountRule {
  /** Must be the discount's own rule. */
  @IsString()
  @IsNotEmpty()
  id: string;

  @IsOptional()
  @IsString()
  description?: string | null;

  @IsOptional()
  @IsInt()
  value?: number;

  @IsOptional()
  @IsIn(ALLOCATION_TYPES, { message: ALLOCATION_MESSAGE })
  allocation?: AllocationType;

  @IsOptional()
  @IsArray()
  @MaxEntries(LIST_LIMITS.conditions)
  @ValidateNested({ each: true })
  @Type(() => UpsertConditionDto)
  conditions?: UpsertConditionDto[];
}

/** `rule.type` and `is_dynamic` cannot change after creation, so they are not accepted. */
export class AdminPostDiscountsDiscountReq {
  @IsOptional()
  @Matches(/\S/, { message: 'code must not be blank' })
  @IsString()
  @IsNotEmpty()
  code?: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AdminUpdateDiscountRule)
  rule?: AdminUpdateDiscountRule;

  @IsOptional()
  @IsBoolean()
  is_disabled?: boolean;

  @IsOptional()
  @Type(() => Date)
  @IsDate()
  starts_at?: Date;

  /** null clears it. */
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  ends_at?: Date | null;

  /** null clears it. */
  @IsOptional()
  @IsIsoDuration()
  valid_duration?: string | null;

  /** null removes the limit. */
  @IsOptional()
  @IsPositive()
  @IsInt()
  usage_limit?: number | null;

  /** Replaces the set of regions. */
  @IsOptional()
  @IsString({ each: true })
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  regions?: string[];

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}
