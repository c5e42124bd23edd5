import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import { IsPersonName } from '../../common/validation/person-name';

/**
 * The shape of a seed file: Medusa v1's `medusa seed` format (plus our `api_token` user
 * extension). Only the shape is checked here; references between entries and rows in the
 * database (currencies, countries, providers, placeholder ids) are checked by the
 * importers inside the transaction. Unknown properties are rejected so a typo is reported
 * instead of silently ignored.
 */

const ROLES = ['admin', 'member', 'developer'] as const;
const PRODUCT_STATUSES = ['draft', 'proposed', 'published', 'rejected'] as const;
const PRICE_TYPES = ['flat_rate', 'calculated'] as const;
const REQUIREMENT_TYPES = ['min_subtotal', 'max_subtotal'] as const;

/** Physical attributes shared by products and variants (integers, as Medusa stores them). */
class SeedPhysicalAttributes {
  @IsOptional() @IsInt() @Min(0) weight?: number | null;
  @IsOptional() @IsInt() @Min(0) length?: number | null;
  @IsOptional() @IsInt() @Min(0) height?: number | null;
  @IsOptional() @IsInt() @Min(0) width?: number | null;
  @IsOptional() @IsString() hs_code?: string | null;
  @IsOptional() @IsString() origin_country?: string | null;
  @IsOptional() @IsString() mid_code?: string | null;
  @IsOptional() @IsString() material?: string | null;
}

export class SeedStore {
  @IsOptional() @IsString() @IsNotEmpty() name?: string;
  @IsOptional() @IsArray() @IsString({ each: true }) currencies?: string[];
  @IsOptional() @IsString() @IsNotEmpty() default_currency_code?: string;
  @IsOptional() @IsObject() metadata?: Record<string, unknown> | null;
}

export class SeedUser {
  @IsOptional() @IsString() @IsNotEmpty() id?: string;
  @IsEmail() email: string;
  @IsOptional() @IsString() @IsNotEmpty() password?: string;
  @IsOptional() @IsPersonName() first_name?: string | null;
  @IsOptional() @IsPersonName() last_name?: string | null;
  @IsOptional() @IsIn(ROLES) role?: (typeof ROLES)[number];
  /** Our extension: the token accepted by `Authorization: Bearer` and `x-medusa-access-token`. */
  @IsOptional() @IsString() @IsNotEmpty() api_token?: string;
  @IsOptional() @IsObject() metadata?: Record<string, unknown> | null;
}

export class SeedRegion {
  @IsOptional() @IsString() @IsNotEmpty() id?: string;
  @IsString() @IsNotEmpty() name: string;
  @IsString() @IsNotEmpty() currency_code: string;
  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(100) tax_rate?: number;
  @IsOptional() @IsString() tax_code?: string | null;
  @IsOptional() @IsBoolean() automatic_taxes?: boolean;
  @IsOptional() @IsBoolean() gift_cards_taxable?: boolean;
  @IsOptional() @IsBoolean() includes_tax?: boolean;
  @IsOptional() @IsArray() @IsString({ each: true }) payment_providers?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) fulfillment_providers?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) countries?: string[];
  @IsOptional() @IsObject() metadata?: Record<string, unknown> | null;
}

export class SeedShippingRequirement {
  @IsIn(REQUIREMENT_TYPES) type: (typeof REQUIREMENT_TYPES)[number];
  @IsInt() @Min(0) amount: number;
}

export class SeedShippingOption {
  @IsOptional() @IsString() @IsNotEmpty() id?: string;
  @IsString() @IsNotEmpty() name: string;
  @IsString() @IsNotEmpty() region_id: string;
  @IsString() @IsNotEmpty() provider_id: string;
  @IsOptional() @IsIn(PRICE_TYPES) price_type?: (typeof PRICE_TYPES)[number];
  @IsOptional() @IsInt() @Min(0) amount?: number | null;
  @IsOptional() @IsObject() data?: Record<string, unknown>;
  @IsOptional() @IsBoolean() is_return?: boolean;
  @IsOptional() @IsBoolean() admin_only?: boolean;
  /** Medusa's seed puts such options in the gift-card shipping profile. */
  @IsOptional() @IsBoolean() is_giftcard?: boolean;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedShippingRequirement) requirements?: SeedShippingRequirement[];
  @IsOptional() @IsObject() metadata?: Record<string, unknown> | null;
}

export class SeedCollection {
  @IsOptional() @IsString() @IsNotEmpty() id?: string;
  @IsString() @IsNotEmpty() title: string;
  @IsOptional() @IsString() @IsNotEmpty() handle?: string;
  @IsOptional() @IsObject() metadata?: Record<string, unknown> | null;
}

export class SeedCategory {
  /** A `pcat_` id is kept; anything else is a placeholder products can refer to. */
  @IsOptional() @IsString() @IsNotEmpty() id?: string;
  @IsString() @IsNotEmpty() name: string;
  @IsOptional() @IsString() @IsNotEmpty() handle?: string;
  @IsOptional() @IsString() description?: string;
  /** Seeded categories are visible unless told otherwise, as in Medusa's seed. */
  @IsOptional() @IsBoolean() is_active?: boolean;
  @IsOptional() @IsBoolean() is_internal?: boolean;
  @IsOptional() @IsObject() metadata?: Record<string, unknown> | null;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedCategory) category_children?: SeedCategory[];
}

export class SeedCategoryRef {
  @IsString() @IsNotEmpty() id: string;
}

export class SeedValue {
  @IsString() @IsNotEmpty() value: string;
}

export class SeedProductOption {
  @IsString() @IsNotEmpty() title: string;
  /** Accepted for compatibility; values come from the variants' `options`. */
  @IsOptional() @IsArray() @IsString({ each: true }) values?: string[];
}

export class SeedPrice {
  @IsOptional() @IsString() @IsNotEmpty() currency_code?: string;
  /** A region price: the region's currency applies; placeholder region ids are remapped. */
  @IsOptional() @IsString() @IsNotEmpty() region_id?: string;
  @IsInt() @Min(0) amount: number;
  @IsOptional() @IsInt() @Min(0) min_quantity?: number | null;
  @IsOptional() @IsInt() @Min(0) max_quantity?: number | null;
}

export class SeedVariant extends SeedPhysicalAttributes {
  @IsOptional() @IsString() @IsNotEmpty() id?: string;
  @IsOptional() @IsString() @IsNotEmpty() title?: string;
  @IsOptional() @IsString() @IsNotEmpty() sku?: string | null;
  @IsOptional() @IsString() barcode?: string | null;
  @IsOptional() @IsString() ean?: string | null;
  @IsOptional() @IsString() upc?: string | null;
  @IsOptional() @IsInt() variant_rank?: number;
  @IsOptional() @IsInt() inventory_quantity?: number;
  @IsOptional() @IsBoolean() manage_inventory?: boolean;
  @IsOptional() @IsBoolean() allow_backorder?: boolean;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedPrice) prices?: SeedPrice[];
  /** One value per product option, matched by position. */
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedValue) options?: SeedValue[];
  @IsOptional() @IsObject() metadata?: Record<string, unknown> | null;
}

export class SeedSalesChannelRef {
  @IsString() @IsNotEmpty() id: string;
}

export class SeedProduct extends SeedPhysicalAttributes {
  @IsOptional() @IsString() @IsNotEmpty() id?: string;
  @IsString() @IsNotEmpty() title: string;
  @IsOptional() @IsString() subtitle?: string | null;
  @IsOptional() @IsString() description?: string | null;
  @IsOptional() @IsString() @IsNotEmpty() handle?: string;
  @IsOptional() @IsBoolean() is_giftcard?: boolean;
  @IsOptional() @IsBoolean() discountable?: boolean;
  @IsOptional() @IsIn(PRODUCT_STATUSES) status?: (typeof PRODUCT_STATUSES)[number];
  @IsOptional() @IsString() thumbnail?: string | null;
  @IsOptional() @IsArray() @IsString({ each: true }) images?: string[];
  @IsOptional() @IsString() @IsNotEmpty() collection_id?: string | null;
  @IsOptional() @ValidateNested() @Type(() => SeedValue) type?: SeedValue | null;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedValue) tags?: SeedValue[];
  /** Defaults to the default sales channel. */
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedSalesChannelRef) sales_channels?: SeedSalesChannelRef[];
  /** Categories of the file (placeholder or real ids) or of the database. */
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedCategoryRef) categories?: SeedCategoryRef[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedProductOption) options?: SeedProductOption[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedVariant) variants?: SeedVariant[];
  @IsOptional() @IsString() external_id?: string | null;
  @IsOptional() @IsObject() metadata?: Record<string, unknown> | null;
}

export class SeedFile {
  @IsOptional() @ValidateNested() @Type(() => SeedStore) store?: SeedStore;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedUser) users?: SeedUser[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedRegion) regions?: SeedRegion[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedShippingOption) shipping_options?: SeedShippingOption[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedCollection) product_collections?: SeedCollection[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedCategory) categories?: SeedCategory[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SeedProduct) products?: SeedProduct[];
}

/** Keys Medusa's seed also knows that this service has no entities for yet: skipped with a notice. */
export const UNSUPPORTED_SEED_KEYS = ['publishable_api_keys', 'rule_types'] as const;
