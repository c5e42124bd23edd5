import { Type } from 'class-transformer';
import { IsEmail, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import { FindParamsDto } from '../../../common/query/find-params.dto';

/** Medusa accepts this filter on the lookup and does not apply it; so does this service. */
export class ShippingAddressPayload {
  @IsOptional()
  @IsString()
  postal_code?: string;
}

/** GET /store/orders: an order looked up by its number and its email, both required (Medusa's StoreGetOrdersParams). */
export class StoreGetOrdersParams extends FindParamsDto {
  @Type(() => Number)
  @IsNumber()
  display_id: number;

  @IsEmail()
  email: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ShippingAddressPayload)
  shipping_address?: ShippingAddressPayload;
}
