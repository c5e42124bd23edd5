import { Type } from 'class-transformer';
import { IsArray, IsEmail, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { AddressPayload, IsAddressPayloadOrId } from './address-payload.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';
import { MaxLineQuantity } from '../../../common/validation/line-quantity';

export class StorePostCartItem {
  @IsString()
  @IsNotEmpty()
  variant_id: string;

  /** Medusa v1 turns 0 into 1 here; negative quantities are rejected. */
  @IsInt()
  @Min(0)
  @MaxLineQuantity()
  quantity: number;
}

export class StorePostCartReq {
  @IsOptional()
  @IsString()
  region_id?: string;

  @IsOptional()
  @IsString()
  country_code?: string;

  @IsOptional()
  @IsArray()
  @MaxEntries(LIST_LIMITS.cartItems)
  @ValidateNested({ each: true })
  @Type(() => StorePostCartItem)
  items?: StorePostCartItem[];

  @IsOptional()
  @IsObject()
  context?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  sales_channel_id?: string;
}

export class CodeRef {
  @IsString()
  @IsNotEmpty()
  code: string;
}

export class StorePostCartsCartReq {
  @IsOptional()
  @IsString()
  region_id?: string;

  @IsOptional()
  @IsString()
  country_code?: string;

  @IsOptional()
  @IsEmail()
  email?: string;

  @IsOptional()
  @IsAddressPayloadOrId()
  billing_address?: AddressPayload | string;

  /** `null` removes the shipping address. */
  @IsOptional()
  @IsAddressPayloadOrId({ allowNull: true })
  shipping_address?: AddressPayload | string | null;

  @IsOptional()
  @IsArray()
  @MaxEntries(LIST_LIMITS.codes)
  @ValidateNested({ each: true })
  @Type(() => CodeRef)
  gift_cards?: CodeRef[];

  @IsOptional()
  @IsArray()
  @MaxEntries(LIST_LIMITS.codes)
  @ValidateNested({ each: true })
  @Type(() => CodeRef)
  discounts?: CodeRef[];

  @IsOptional()
  @IsString()
  customer_id?: string;

  @IsOptional()
  @IsObject()
  context?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  sales_channel_id?: string;
}

export class StorePostCartsCartLineItemsReq {
  @IsString()
  @IsNotEmpty()
  variant_id: string;

  @IsInt()
  @Min(1)
  @MaxLineQuantity()
  quantity: number;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class StorePostCartsCartLineItemsItemReq {
  /** 0 removes the line. */
  @IsInt()
  @Min(0)
  @MaxLineQuantity()
  quantity: number;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class StorePostCartsCartShippingMethodReq {
  @IsString()
  @IsNotEmpty()
  option_id: string;

  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}

export class StorePostCartsCartPaymentSessionReq {
  @IsString()
  @IsNotEmpty()
  provider_id: string;
}

export class StorePostCartsCartPaymentSessionUpdateReq {
  @IsObject()
  data: Record<string, unknown>;
}
