import { IsArray, IsObject, IsOptional, IsString } from 'class-validator';
import { MaxEntries } from '../../../common/validation/array-limits';

/** Medusa v1's AdminPostStoreReq. */
export class AdminPostStoreReq {
  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsString()
  swap_link_template?: string;

  @IsOptional()
  @IsString()
  payment_link_template?: string;

  @IsOptional()
  @IsString()
  invite_link_template?: string;

  @IsOptional()
  @IsString()
  default_currency_code?: string;

  @IsOptional()
  @IsString({ each: true })
  @IsArray()
  // Medusa knows 120 currencies.
  @MaxEntries(200)
  currencies?: string[];

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
