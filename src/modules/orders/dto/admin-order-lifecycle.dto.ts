import { Transform, Type } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsEmail, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { AddressPayload } from '../../carts/dto/address-payload.dto';

/** One line of a fulfilment: which order line, how many units. */
export class AdminPostOrdersOrderFulfillmentsItem {
  @IsString()
  @IsNotEmpty()
  item_id: string;

  // Medusa accepts any integer; a fulfilment of 0 or fewer units is refused here (the manual provider's rule).
  @Min(1)
  @IsInt()
  quantity: number;
}

/**
 * Medusa's mapper for this route: the strings "true"/"false"/"null" are the values, and a
 * JSON boolean (what its own dashboard sends) is dropped, so the order's flag applies.
 */
const mapNoNotification = ({ value }: { value: unknown }): boolean | null | undefined =>
  value === 'true' ? true : value === 'false' ? false : value === 'null' ? null : undefined;

/** Medusa v1's AdminPostOrdersOrderFulfillmentsReq. */
export class AdminPostOrdersOrderFulfillmentsReq {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AdminPostOrdersOrderFulfillmentsItem)
  items: AdminPostOrdersOrderFulfillmentsItem[];

  @IsOptional()
  @IsString()
  location_id?: string;

  @Allow()
  @Transform(mapNoNotification)
  no_notification?: boolean | null;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** Medusa v1's AdminPostOrdersOrderShipmentReq. */
export class AdminPostOrdersOrderShipmentReq {
  @IsString()
  @IsNotEmpty()
  fulfillment_id: string;

  @IsOptional()
  @IsString({ each: true })
  @IsArray()
  tracking_numbers?: string[];

  @IsOptional()
  @IsBoolean()
  no_notification?: boolean;
}

/** Medusa v1's AdminPostOrdersOrderRefundsReq (`reason` is checked against the enum by the route, Medusa's database refused others with a 500). */
export class AdminPostOrdersOrderRefundsReq {
  // A negative refund would take money: the service refuses it (Medusa's validation lets it pass).
  @IsInt()
  amount: number;

  @IsNotEmpty()
  @IsString()
  reason: string;

  @IsOptional()
  @IsString()
  note?: string;

  @IsOptional()
  @IsBoolean()
  no_notification?: boolean;
}

/** Medusa v1's AdminPostOrdersOrderReq: what staff may change on a placed order. */
export class AdminPostOrdersOrderReq {
  @IsOptional()
  @IsEmail()
  email?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => AddressPayload)
  billing_address?: AddressPayload;

  @IsOptional()
  @ValidateNested()
  @Type(() => AddressPayload)
  shipping_address?: AddressPayload;

  @IsOptional()
  @IsString()
  customer_id?: string;

  @IsOptional()
  @IsBoolean()
  no_notification?: boolean;

  /** Accepted and ignored, as in Medusa. */
  @IsOptional()
  @IsObject()
  payment_method?: Record<string, unknown>;

  /** Accepted and ignored, as in Medusa. */
  @IsOptional()
  @IsArray()
  shipping_method?: unknown[];
}

/** Medusa v1's AdminPostOrdersOrderShippingMethodsReq. */
export class AdminPostOrdersOrderShippingMethodsReq {
  @IsNotEmpty()
  @IsInt()
  price: number;

  @IsNotEmpty()
  @IsString()
  option_id: string;

  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}
