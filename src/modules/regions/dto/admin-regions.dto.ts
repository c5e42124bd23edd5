import { IsArray, IsBoolean, IsNumber, IsObject, IsOptional, IsString } from 'class-validator';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';
import { DateComparisonOperator, DateFilter, ListParamsDto } from '../../../common/query/find-params.dto';

/** Medusa v1's AdminGetRegionsParams. */
export class AdminGetRegionsParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @DateFilter()
  deleted_at?: DateComparisonOperator;
}

/** Medusa v1's AdminPostRegionsReq: name, currency, tax rate and the three lists are required. */
export class AdminPostRegionsReq {
  @IsString()
  name: string;

  @IsString()
  currency_code: string;

  @IsOptional()
  @IsString()
  tax_code?: string;

  @IsNumber()
  tax_rate: number;

  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.batch)
  payment_providers: string[];

  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.batch)
  fulfillment_providers: string[];

  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.batch)
  countries: string[];

  @IsOptional()
  @IsBoolean()
  includes_tax?: boolean;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** Medusa v1's AdminPostRegionsRegionReq: every field optional; the lists replace the region's. */
export class AdminPostRegionsRegionReq {
  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsString()
  currency_code?: string;

  @IsOptional()
  @IsString()
  tax_code?: string;

  @IsOptional()
  @IsNumber()
  tax_rate?: number;

  @IsOptional()
  @IsBoolean()
  gift_cards_taxable?: boolean;

  @IsOptional()
  @IsBoolean()
  automatic_taxes?: boolean;

  @IsOptional()
  @IsString()
  tax_provider_id?: string | null;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.batch)
  payment_providers?: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.batch)
  fulfillment_providers?: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.batch)
  countries?: string[];

  @IsOptional()
  @IsBoolean()
  includes_tax?: boolean;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}

/** POST /admin/regions/:id/countries. */
export class AdminPostRegionsRegionCountriesReq {
  @IsString()
  country_code: string;
}

/** POST /admin/regions/:id/payment-providers and /fulfillment-providers. */
export class AdminPostRegionsRegionProviderReq {
  @IsString()
  provider_id: string;
}
