import { IsArray, IsIn, IsObject, IsOptional, IsString } from 'class-validator';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';
import type { ShippingProfileType } from '../shipping-profile.entity';

const PROFILE_TYPES: ShippingProfileType[] = ['default', 'gift_card', 'custom'];
const TYPE_MESSAGE = "type must be one of 'default', 'custom', 'gift_card'";

/** Medusa v1's AdminPostShippingProfilesReq. */
export class AdminPostShippingProfilesReq {
  @IsString()
  name: string;

  @IsIn(PROFILE_TYPES, { message: TYPE_MESSAGE })
  type: ShippingProfileType;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** Medusa v1's AdminPostShippingProfilesProfileReq: `products` and `shipping_options` move those into the profile. */
export class AdminPostShippingProfilesProfileReq {
  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsIn(PROFILE_TYPES, { message: TYPE_MESSAGE })
  type?: ShippingProfileType;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.batch)
  products?: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.batch)
  shipping_options?: string[];
}
