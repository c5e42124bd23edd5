import { Transform, Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toStringArray } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';
import { XorWith } from '../../products/dto/admin-product-writes.dto';

const TYPES = ['sale', 'override'] as const;
const STATUSES = ['active', 'draft'] as const;
/** Prices in one write: the dashboard sends one per variant and currency of a product page. */
const MAX_PRICES = 5000;

/** Medusa v1's AdminGetPriceListPaginationParams (no `fields`). */
export class AdminGetPriceListsParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @IsString()
  id?: string;

  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(STATUSES, { each: true })
  status?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(TYPES, { each: true })
  type?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  customer_groups?: string[];

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @DateFilter()
  deleted_at?: DateComparisonOperator;
}

/** A price of a price list (Medusa's AdminPriceListPricesCreateReq / UpdateReq). */
export class PriceListPriceReq {
  @IsOptional()
  @IsString()
  id?: string;

  @XorWith('currency_code')
  region_id?: string;

  @XorWith('region_id')
  currency_code?: string;

  @IsString()
  variant_id: string;

  @IsInt()
  amount: number;

  @IsOptional()
  @IsInt()
  min_quantity?: number;

  @IsOptional()
  @IsInt()
  max_quantity?: number;
}

class CustomerGroupIdReq {
  @IsString()
  id: string;
}

function Prices(): PropertyDecorator {
  return (target, key) => {
    IsArray()(target, key);
    // Only an array can have too many entries: a missing list is named once, as Medusa's message has it.
    ValidateBy({
      name: 'maxPrices',
      validator: {
        validate: (v: unknown) => !Array.isArray(v) || v.length <= MAX_PRICES,
        defaultMessage: () => `prices must not have more than ${MAX_PRICES} entries`,
      },
    })(target, key);
    ValidateNested({ each: true })(target, key);
    Type(() => PriceListPriceReq)(target, key);
  };
}

function Groups(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsArray()(target, key);
    MaxEntries(LIST_LIMITS.batch)(target, key);
    ValidateNested({ each: true })(target, key);
    Type(() => CustomerGroupIdReq)(target, key);
  };
}

export class AdminPostPriceListsPriceListReq {
  @IsString()
  name: string;

  @IsString()
  description: string;

  @IsIn(TYPES)
  type: (typeof TYPES)[number];

  @IsOptional()
  @IsIn(STATUSES)
  status?: (typeof STATUSES)[number];

  @IsOptional()
  @IsDateString()
  starts_at?: string;

  @IsOptional()
  @IsDateString()
  ends_at?: string;

  @Prices()
  prices: PriceListPriceReq[];

  @Groups()
  customer_groups?: CustomerGroupIdReq[];
}

export class AdminPostPriceListsPriceListPriceListReq {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  name?: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @IsIn(TYPES)
  type?: (typeof TYPES)[number];

  @IsOptional()
  @IsIn(STATUSES)
  status?: (typeof STATUSES)[number];

  /** `null` clears the date. */
  @ValidateIf((_o: object, v: unknown) => v !== undefined && v !== null)
  @IsDateString()
  starts_at?: string | null;

  @ValidateIf((_o: object, v: unknown) => v !== undefined && v !== null)
  @IsDateString()
  ends_at?: string | null;

  @IsOptional()
  @Prices()
  prices?: PriceListPriceReq[];

  @Groups()
  customer_groups?: CustomerGroupIdReq[];
}

export class AdminPostPriceListPricesPricesReq {
  @Prices()
  prices: PriceListPriceReq[];

  @IsOptional()
  @IsBoolean()
  override?: boolean;
}

export class AdminDeletePriceListPricesPricesReq {
  @IsArray()
  @ArrayNotEmpty()
  @MaxEntries(MAX_PRICES)
  @IsString({ each: true })
  price_ids: string[];
}

export class AdminDeletePriceListsPriceListProductsPricesBatchReq {
  @IsArray()
  @ArrayNotEmpty()
  @MaxEntries(LIST_LIMITS.batch)
  @IsString({ each: true })
  product_ids: string[];
}
