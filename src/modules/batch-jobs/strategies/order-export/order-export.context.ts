import { Transform, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import { DateComparisonOperator, DateFilter, toStringArray } from '../../../../common/query/find-params.dto';
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '../../../orders/order.entity';
import { LIST_LIMITS, MaxEntries } from '../../../../common/validation/array-limits';

/** Which orders an export takes (a subset of the admin order list filters). */
export class OrderExportFilters {
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  id?: string[];

  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(ORDER_STATUSES as unknown as string[], { each: true })
  status?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(FULFILLMENT_STATUSES as unknown as string[], { each: true })
  fulfillment_status?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(PAYMENT_STATUSES as unknown as string[], { each: true })
  payment_status?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  region_id?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  sales_channel_id?: string[];

  @IsOptional()
  @IsString()
  customer_id?: string;

  @IsOptional()
  @IsString()
  email?: string;

  @IsOptional()
  @IsString()
  currency_code?: string;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}

/** The context an order export accepts (other keys are kept as given). */
export class OrderExportContext {
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderExportFilters)
  filterable_fields?: OrderExportFilters;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  offset?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  batch_size?: number;

  @IsOptional()
  @IsIn(['created_at', '-created_at'])
  order?: string;

  /** Comma-separated fields: only their columns are exported (Medusa's list_config.select). */
  @IsOptional()
  @IsString()
  fields?: string;

  /** Comma-separated relations (customer, shipping_address, sales_channel) whose columns are exported. */
  @IsOptional()
  @IsString()
  expand?: string;
}
