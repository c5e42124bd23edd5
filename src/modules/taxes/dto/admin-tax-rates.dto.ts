import { Transform } from 'class-transformer';
import { IsArray, IsNumber, IsObject, IsOptional, IsString, ValidateIf } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toStringArray } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

const ids = () => (target: object, key: string) => {
  IsArray()(target, key);
  IsString({ each: true })(target, key);
  MaxEntries(LIST_LIMITS.batch)(target, key);
};

/** Medusa v1's AdminGetTaxRatesParams. */
export class AdminGetTaxRatesParams extends ListParamsDto {
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.queryFilter)
  region_id?: string[];

  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsString()
  code?: string;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value !== '' ? Number(value) : value))
  @IsNumber()
  rate?: number;

  @IsOptional()
  @IsString()
  q?: string;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}

/** Medusa v1's AdminPostTaxRatesReq. */
export class AdminPostTaxRatesReq {
  @IsString()
  code: string;

  @IsString()
  name: string;

  @IsString()
  region_id: string;

  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsNumber()
  rate?: number | null;

  @IsOptional()
  @ids()
  products?: string[];

  @IsOptional()
  @ids()
  product_types?: string[];

  @IsOptional()
  @ids()
  shipping_options?: string[];

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** Medusa v1's AdminPostTaxRatesTaxRateReq: every field optional; a given list replaces that set. */
export class AdminPostTaxRatesTaxRateReq {
  @IsOptional()
  @IsString()
  code?: string;

  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsString()
  region_id?: string;

  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsNumber()
  rate?: number | null;

  @IsOptional()
  @ids()
  products?: string[];

  @IsOptional()
  @ids()
  product_types?: string[];

  @IsOptional()
  @ids()
  shipping_options?: string[];
}

export class AdminTaxRateProductsReq {
  @ids()
  products: string[];
}

export class AdminTaxRateProductTypesReq {
  @ids()
  product_types: string[];
}

export class AdminTaxRateShippingOptionsReq {
  @ids()
  shipping_options: string[];
}
