import { IsBooleanString, IsOptional, IsString } from 'class-validator';

/** GET /store/shipping-options (Medusa's StoreGetShippingOptionsParams). */
export class StoreGetShippingOptionsParams {
  /** Comma-separated product ids: the options of their shipping profiles. */
  @IsOptional()
  @IsString()
  product_ids?: string;

  @IsOptional()
  @IsString()
  region_id?: string;

  /** "true" or "false"; applied only when given. */
  @IsOptional()
  @IsBooleanString()
  is_return?: string;
}
