import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toStringArray } from '../../../common/query/find-params.dto';
import { AddressPayload, IsAddressPayloadOrId } from '../../carts/dto/address-payload.dto';
import { DRAFT_ORDER_STATUSES, DraftOrderStatus } from '../draft-order.entity';
import { CodeRef } from '../../carts/dto/store-carts.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';
import { MaxLineQuantity } from '../../../common/validation/line-quantity';

/** Postgres `integer` upper bound: larger amounts would fail in SQL instead of validation. */
const MAX_INT = 2_147_483_647;
/** Lines and methods per request: enough for any hand-taken order, bounded against abuse. */
const MAX_ENTRIES = 500;

/** Optional but not nullable: `null` is validated (and rejected) instead of being skipped like undefined. */
const IsOptionalNotNull = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** `GET /admin/draft-orders`. */
export class AdminGetDraftOrdersParams extends ListParamsDto {
  /** Matches the cart's email or the draft's display id. */
  @IsOptional()
  @IsString()
  q?: string;

  /** `status[]=open&status[]=completed` or `status=open,completed`. */
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(DRAFT_ORDER_STATUSES, { each: true })
  status?: DraftOrderStatus[];

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}

export class DraftOrderShippingMethodInput {
  @IsString()
  @IsNotEmpty()
  option_id: string;

  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;

  /** A custom price (minor units) for this draft: creates a custom shipping option for its cart. */
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_INT)
  price?: number;
}

export class DraftOrderItemInput {
  /** Omitted for a custom line. */
  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty()
  variant_id?: string;

  /** Overrides the variant's price; a custom line costs 0 without it. Negative prices become 0 (Medusa v1). */
  @IsOptionalNotNull()
  @IsInt()
  @Max(MAX_INT)
  unit_price?: number;

  /** Title of a custom line ("Custom item" by default). */
  @IsOptionalNotNull()
  @IsString()
  title?: string;

  @IsInt()
  @Min(1)
  @MaxLineQuantity()
  quantity: number;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** `POST /admin/draft-orders`. */
export class AdminPostDraftOrdersReq {
  /** Accepted for compatibility and ignored: a new draft is always open (Medusa v1). */
  @IsOptional()
  @IsIn(DRAFT_ORDER_STATUSES)
  status?: DraftOrderStatus;

  @IsEmail()
  email: string;

  @IsString()
  @IsNotEmpty()
  region_id: string;

  @IsOptional()
  @IsAddressPayloadOrId()
  billing_address?: AddressPayload | string;

  @IsOptional()
  @IsAddressPayloadOrId()
  shipping_address?: AddressPayload | string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ENTRIES)
  @ValidateNested({ each: true })
  @Type(() => DraftOrderItemInput)
  items?: DraftOrderItemInput[];

  @IsOptional()
  @IsArray()
  @MaxEntries(LIST_LIMITS.codes)
  @ValidateNested({ each: true })
  @Type(() => CodeRef)
  discounts?: CodeRef[];

  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty()
  customer_id?: string;

  @IsOptional()
  @IsBoolean()
  no_notification_order?: boolean;

  /** Required; may be empty. */
  @IsArray()
  @ArrayMaxSize(MAX_ENTRIES)
  @ValidateNested({ each: true })
  @Type(() => DraftOrderShippingMethodInput)
  shipping_methods: DraftOrderShippingMethodInput[];

  /** Stored on the draft's cart, as Medusa v1 does. */
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** `POST /admin/draft-orders/:id`. */
export class AdminPostDraftOrdersDraftOrderReq {
  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty()
  region_id?: string;

  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty()
  country_code?: string;

  @IsOptionalNotNull()
  @IsEmail()
  email?: string;

  @IsOptional()
  @IsAddressPayloadOrId()
  billing_address?: AddressPayload | string;

  @IsOptional()
  @IsAddressPayloadOrId()
  shipping_address?: AddressPayload | string;

  /** Replaces the cart's discounts; `[]` removes them all. */
  @IsOptional()
  @IsArray()
  @MaxEntries(LIST_LIMITS.codes)
  @ValidateNested({ each: true })
  @Type(() => CodeRef)
  discounts?: CodeRef[];

  @IsOptional()
  @IsBoolean()
  no_notification_order?: boolean;

  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty()
  customer_id?: string;
}

/** `POST /admin/draft-orders/:id/line-items`. */
export class AdminPostDraftOrdersDraftOrderLineItemsReq {
  @IsOptionalNotNull()
  @IsString()
  @IsNotEmpty()
  variant_id?: string;

  /** Minor units; the line table refuses negative prices, so they are a 400 here. */
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_INT)
  unit_price?: number;

  @IsOptionalNotNull()
  @IsString()
  title?: string;

  @IsInt()
  @Min(1)
  @MaxLineQuantity()
  quantity: number;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** `POST /admin/draft-orders/:id/line-items/:line_id`. */
export class AdminPostDraftOrdersDraftOrderLineItemsItemReq {
  @IsOptionalNotNull()
  @IsString()
  title?: string;

  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_INT)
  unit_price?: number;

  /** 0 removes the line. */
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @MaxLineQuantity()
  quantity?: number;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
