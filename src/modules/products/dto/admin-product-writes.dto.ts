import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  NotEquals,
  IsObject,
  IsOptional,
  IsString,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

/*
 * The bodies of Medusa v1's product, option and variant writes (AdminPostProductsReq,
 * AdminPostProductsProductReq, AdminPostProductsProductVariantsReq, ...).
 */

const PRODUCT_STATUSES = ['draft', 'proposed', 'published', 'rejected'] as const;
/** Variants or prices in one write: far above what the dashboard sends (it edits a handful). */
const MAX_VARIANTS = 200;
const MAX_PRICES = 200;

const IsOptionalNotNull = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/**
 * Medusa's `@IsType([...]) region_id / currency_code` pair on a price: exactly one of them
 * (by truthiness), unless the entry names an existing price by `id`; a value given must be a string.
 */
export function XorWith(other: string): PropertyDecorator {
  return ValidateBy({
    name: 'xorWith',
    validator: {
      validate(value: unknown, args: ValidationArguments): boolean {
        const entry = args.object as Record<string, unknown>;
        if (value !== undefined && value !== null && typeof value !== 'string') return false;
        return Boolean(entry.id) || Boolean(value) !== Boolean(entry[other]);
      },
      defaultMessage: (args: ValidationArguments) =>
        args.value !== undefined && args.value !== null && typeof args.value !== 'string'
          ? `${args.property} must be a string`
          : `Failed XOR relation between "${args.property}" and "${other}".`,
    },
  });
}

function Nested(cls: new () => object, max: number): PropertyDecorator {
  return (target, key) => {
    IsArray()(target, key);
    MaxEntries(max)(target, key);
    ValidateNested({ each: true })(target, key);
    Type(() => cls)(target, key);
  };
}

/** A variant base price (Medusa's ProductVariantPricesCreateReq / UpdateReq). */
export class VariantPriceReq {
  @IsOptional()
  @IsString()
  id?: string;

  @XorWith('currency_code')
  region_id?: string;

  @XorWith('region_id')
  currency_code?: string;

  @IsInt()
  amount: number;

  @IsOptional()
  @IsInt()
  min_quantity?: number;

  @IsOptional()
  @IsInt()
  max_quantity?: number;
}

/** The columns a variant write may set (both create and update). */
class VariantFieldsReq {
  @IsOptional()
  @IsString()
  sku?: string;

  @IsOptional()
  @IsString()
  ean?: string;

  @IsOptional()
  @IsString()
  upc?: string;

  @IsOptional()
  @IsString()
  barcode?: string;

  @IsOptional()
  @IsString()
  hs_code?: string;

  @IsOptional()
  @IsString()
  origin_country?: string;

  @IsOptional()
  @IsString()
  mid_code?: string;

  @IsOptional()
  @IsString()
  material?: string;

  @IsOptional()
  @IsBoolean()
  allow_backorder?: boolean;

  @IsOptional()
  @IsBoolean()
  manage_inventory?: boolean;

  // int columns: a fraction is refused here (Medusa lets it through to a 500).
  @IsOptional()
  @IsInt()
  weight?: number;

  @IsOptional()
  @IsInt()
  length?: number;

  @IsOptional()
  @IsInt()
  height?: number;

  @IsOptional()
  @IsInt()
  width?: number;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class VariantOptionValueReq {
  @IsString()
  value: string;
}

export class VariantOptionValueWithIdReq {
  @IsString()
  value: string;

  @IsString()
  option_id: string;
}

/** A variant inside `POST /admin/products` (options bound to the body's options by position). */
export class ProductVariantCreateReq extends VariantFieldsReq {
  @IsString()
  @IsNotEmpty()
  title: string;

  @IsOptional()
  @IsInt()
  inventory_quantity?: number;

  @Nested(VariantPriceReq, MAX_PRICES)
  prices: VariantPriceReq[];

  @IsOptional()
  @Nested(VariantOptionValueReq, 100)
  options?: VariantOptionValueReq[];
}

/** `POST /admin/products/:id/variants`. */
export class AdminPostProductsProductVariantsReq extends VariantFieldsReq {
  @IsString()
  @IsNotEmpty()
  title: string;

  @IsOptional()
  @IsInt()
  inventory_quantity?: number;

  @Nested(VariantPriceReq, MAX_PRICES)
  prices: VariantPriceReq[];

  @IsOptional()
  @Nested(VariantOptionValueWithIdReq, 100)
  options?: VariantOptionValueWithIdReq[];
}

/** `POST /admin/products/:id/variants/:variant_id`. */
export class AdminPostProductsProductVariantsVariantReq extends VariantFieldsReq {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  title?: string;

  @IsOptional()
  @IsInt()
  inventory_quantity?: number;

  @IsOptional()
  @Nested(VariantPriceReq, MAX_PRICES)
  prices?: VariantPriceReq[];

  @IsOptional()
  @Nested(VariantOptionValueWithIdReq, 100)
  options?: VariantOptionValueWithIdReq[];
}

/** A variant of the replacement list in `POST /admin/products/:id`: with `id` updated, without created. */
export class ProductVariantUpdateReq extends AdminPostProductsProductVariantsVariantReq {
  @IsOptional()
  @IsString()
  id?: string;
}

export class ProductTagReq {
  @IsOptional()
  @IsString()
  id?: string;

  @IsString()
  value: string;
}

export class ProductTypeReq {
  @IsOptional()
  @IsString()
  id?: string;

  @IsString()
  value: string;
}

export class IdReq {
  @IsString()
  id: string;
}

export class ProductOptionReq {
  @IsString()
  @IsNotEmpty()
  title: string;
}

/** The product columns both create and update set. */
class ProductFieldsReq {
  @IsOptional()
  @IsString()
  subtitle?: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @IsString()
  handle?: string;

  @IsOptional()
  @IsString()
  thumbnail?: string;

  @IsOptional()
  @IsArray()
  @MaxEntries(100)
  @IsString({ each: true })
  images?: string[];

  @IsOptional()
  @IsString()
  collection_id?: string | null;

  @IsOptional()
  @IsBoolean()
  discountable?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => ProductTypeReq)
  type?: ProductTypeReq | null;

  @IsOptional()
  @Nested(ProductTagReq, 100)
  tags?: ProductTagReq[];

  @IsOptional()
  @Nested(IdReq, LIST_LIMITS.batch)
  categories?: IdReq[];

  @IsOptional()
  @IsInt()
  weight?: number;

  @IsOptional()
  @IsInt()
  length?: number;

  @IsOptional()
  @IsInt()
  height?: number;

  @IsOptional()
  @IsInt()
  width?: number;

  @IsOptional()
  @IsString()
  hs_code?: string;

  @IsOptional()
  @IsString()
  origin_country?: string;

  @IsOptional()
  @IsString()
  mid_code?: string;

  @IsOptional()
  @IsString()
  material?: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** `POST /admin/products`. */
export class AdminPostProductsReq extends ProductFieldsReq {
  @IsString()
  @IsNotEmpty()
  title: string;

  @IsOptionalNotNull()
  @IsBoolean()
  is_giftcard?: boolean;

  @IsOptional()
  @IsIn(PRODUCT_STATUSES)
  status?: (typeof PRODUCT_STATUSES)[number];

  @IsOptional()
  @Nested(IdReq, LIST_LIMITS.batch)
  sales_channels?: IdReq[];

  @IsOptional()
  @Nested(ProductOptionReq, 100)
  options?: ProductOptionReq[];

  @IsOptional()
  @Nested(ProductVariantCreateReq, MAX_VARIANTS)
  variants?: ProductVariantCreateReq[];
}

/** `POST /admin/products/:id`: no `is_giftcard`, no `options` (their own routes). */
export class AdminPostProductsProductReq extends ProductFieldsReq {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  title?: string;

  @IsOptionalNotNull()
  @IsIn(PRODUCT_STATUSES)
  @NotEquals(null)
  status?: (typeof PRODUCT_STATUSES)[number];

  /** Replaces the product's channels; `null` or `[]` removes all. */
  @IsOptional()
  @Nested(IdReq, LIST_LIMITS.batch)
  sales_channels?: IdReq[] | null;

  @IsOptional()
  @Nested(ProductVariantUpdateReq, MAX_VARIANTS)
  variants?: ProductVariantUpdateReq[];
}

/** `POST /admin/products/:id/options` and `/options/:option_id`. */
export class AdminPostProductsProductOptionsReq {
  @IsString()
  @IsNotEmpty()
  title: string;
}

/** `POST /admin/products/:id/metadata`. */
export class AdminPostProductsProductMetadataReq {
  @IsString()
  key: string;

  @IsString()
  value: string;
}
