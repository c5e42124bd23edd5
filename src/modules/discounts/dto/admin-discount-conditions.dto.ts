import { Type } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsString, ValidateNested } from 'class-validator';
import { ConditionResourcesDto, CreateConditionDto } from './condition-resources.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

export class AdminPostDiscountsDiscountConditions extends CreateConditionDto {}

/** Replaces the condition's resources; the operator cannot change here (Medusa rejects it too). */
export class AdminPostDiscountsDiscountConditionsCondition extends ConditionResourcesDto {}

export class ConditionResourceRef {
  @IsString()
  id: string;
}

export class AdminDiscountConditionsBatchReq {
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  @ArrayNotEmpty()
  @ValidateNested({ each: true })
  @Type(() => ConditionResourceRef)
  resources: ConditionResourceRef[];
}
