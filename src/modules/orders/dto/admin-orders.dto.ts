import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsNumberString, IsOptional, IsString } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toStringArray } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

const ORDER_STATUSES = ['pending', 'completed', 'archived', 'canceled', 'requires_action'];
const FULFILLMENT_STATUSES = [
  'not_fulfilled',
  'partially_fulfilled',
  'fulfilled',
  'partially_shipped',
  'shipped',
  'partially_returned',
  'returned',
  'canceled',
  'requires_action',
];
const PAYMENT_STATUSES = ['not_paid', 'awaiting', 'captured', 'partially_refunded', 'refunded', 'canceled', 'requires_action'];

function StringList(allowed?: string[]): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(toStringArray)(target, key);
    IsArray()(target, key);
    MaxEntries(LIST_LIMITS.queryFilter)(target, key);
    (allowed ? IsIn(allowed, { each: true }) : IsString({ each: true }))(target, key);
  };
}

/** Medusa v1's AdminGetOrdersParams (AdminListOrdersSelector), as the dashboard's order table and filters send it. */
export class AdminGetOrdersParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @IsString()
  id?: string;

  @StringList(ORDER_STATUSES)
  status?: string[];

  @StringList(FULFILLMENT_STATUSES)
  fulfillment_status?: string[];

  @StringList(PAYMENT_STATUSES)
  payment_status?: string[];

  /** A number, sent as text (`display_id=12`). */
  @IsOptional()
  @IsNumberString({ no_symbols: true })
  display_id?: string;

  @IsOptional()
  @IsString()
  cart_id?: string;

  @IsOptional()
  @IsString()
  customer_id?: string;

  @IsOptional()
  @IsString()
  email?: string;

  /** One region id or several (`region_id[]=`). */
  @StringList()
  region_id?: string[];

  @IsOptional()
  @IsString()
  currency_code?: string;

  @IsOptional()
  @IsNumberString()
  tax_rate?: string;

  @StringList()
  sales_channel_id?: string[];

  @DateFilter()
  canceled_at?: DateComparisonOperator;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}
