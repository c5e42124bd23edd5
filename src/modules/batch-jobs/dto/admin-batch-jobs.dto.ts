import { Transform, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsNotEmpty, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toStringArray } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

/** A lifecycle date filter: lt/gt/lte/gte, or the literal `null` for "not set" (Medusa v1). */
function NullableDateFilter(): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }) => (value === 'null' ? null : value), { toClassOnly: true })(target, key);
    IsOptional()(target, key);
    ValidateNested()(target, key);
    Type(() => DateComparisonOperator)(target, key);
  };
}

export class AdminGetBatchParams extends ListParamsDto {
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  id?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  type?: string[];

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @NullableDateFilter()
  pre_processed_at?: DateComparisonOperator | null;

  @NullableDateFilter()
  confirmed_at?: DateComparisonOperator | null;

  @NullableDateFilter()
  completed_at?: DateComparisonOperator | null;

  @NullableDateFilter()
  failed_at?: DateComparisonOperator | null;

  @NullableDateFilter()
  canceled_at?: DateComparisonOperator | null;
}

export class AdminPostBatchesReq {
  @IsString()
  @IsNotEmpty()
  type: string;

  @IsObject()
  context: Record<string, unknown>;

  @IsOptional()
  @IsBoolean()
  dry_run?: boolean;
}
