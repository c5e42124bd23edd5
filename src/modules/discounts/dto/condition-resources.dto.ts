import { IsArray, IsIn, IsOptional, IsString, ValidateBy, ValidationArguments } from 'class-validator';
import { DISCOUNT_CONDITION_OPERATORS, DiscountConditionOperator } from '../discount-condition.entity';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

/** The request keys that carry a condition's resources, in Medusa's type-resolution order. */
export const CONDITION_RESOURCE_KEYS = ['products', 'product_collections', 'product_types', 'product_tags', 'customer_groups'] as const;

/**
 * Fails when another resource array is also present on the object, with Medusa's
 * message (`Only one of products, product_types is allowed`), one per offending key.
 */
function OnlyOneResourceArray(): PropertyDecorator {
  return ValidateBy({
    name: 'onlyOneResourceArray',
    validator: {
      validate: (_value: unknown, args?: ValidationArguments) => otherPresentKeys(args!).length === 0,
      defaultMessage: (args?: ValidationArguments) => `Only one of ${[args!.property, ...otherPresentKeys(args!)].join(', ')} is allowed`,
    },
  });
}

function otherPresentKeys(args: ValidationArguments): string[] {
  const object = args.object as Record<string, unknown>;
  return CONDITION_RESOURCE_KEYS.filter((key) => key !== args.property && object[key] !== undefined);
}

/** Exactly one of the five resource arrays (the "none" case is checked by the service). */
export class ConditionResourcesDto {
  @IsOptional()
  @OnlyOneResourceArray()
  @IsString({ each: true })
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  products?: string[];

  @IsOptional()
  @OnlyOneResourceArray()
  @IsString({ each: true })
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  product_types?: string[];

  @IsOptional()
  @OnlyOneResourceArray()
  @IsString({ each: true })
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  product_collections?: string[];

  @IsOptional()
  @OnlyOneResourceArray()
  @IsString({ each: true })
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  product_tags?: string[];

  @IsOptional()
  @OnlyOneResourceArray()
  @IsString({ each: true })
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  customer_groups?: string[];
}

const OPERATOR_MESSAGE = `operator must be one of "in" or "not_in"`;

/** A new condition: an operator and its resources. */
export class CreateConditionDto extends ConditionResourcesDto {
  @IsIn(DISCOUNT_CONDITION_OPERATORS, { message: OPERATOR_MESSAGE })
  operator: DiscountConditionOperator;
}

/** A condition inside a discount update: with `id` it updates that condition, without it creates one. */
export class UpsertConditionDto extends ConditionResourcesDto {
  @IsOptional()
  @IsString()
  id?: string;

  @IsOptional()
  @IsIn(DISCOUNT_CONDITION_OPERATORS, { message: OPERATOR_MESSAGE })
  operator?: DiscountConditionOperator;
}
