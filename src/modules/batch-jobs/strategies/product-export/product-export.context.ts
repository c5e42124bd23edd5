import { Transform, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import { DateComparisonOperator, DateFilter, toStringArray } from '../../../../common/query/find-params.dto';
import { PRODUCT_STATUSES } from '../product-csv/product-csv-columns';
import { LIST_LIMITS, MaxEntries } from '../../../../common/validation/array-limits';

/** Which products an export takes (a subset of the admin product list filters). */
export class ProductExportFilters {
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  id?: string[];

  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(PRODUCT_STATUSES, { each: true })
  status?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  collection_id?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  type_id?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  tags?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsString({ each: true })
  sales_channel_id?: string[];

  @IsOptional()
  @IsString()
  handle?: string;

  @IsOptional()
  @IsString()
  title?: string;

  @IsOptional()
  @IsBoolean()
  is_giftcard?: boolean;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}

const EXPORT_ORDERS = ['created_at', 'updated_at', 'title', 'id'] as const;
export type ExportOrderColumn = (typeof EXPORT_ORDERS)[number];

/** The context an export job accepts (other keys are kept as given). */
export class ProductExportContext {
  @IsOptional()
  @ValidateNested()
  @Type(() => ProductExportFilters)
  filterable_fields?: ProductExportFilters;

  /** Products per page (one transaction each). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;

  /** Products to skip at the start. */
  @IsOptional()
  @IsInt()
  @Min(0)
  offset?: number;

  /** Most products to export. */
  @IsOptional()
  @IsInt()
  @Min(1)
  batch_size?: number;

  @IsOptional()
  @IsIn([...EXPORT_ORDERS, ...EXPORT_ORDERS.map((c) => `-${c}`)])
  order?: string;

  /** Accepted for compatibility; an export always carries every column. */
  @IsOptional()
  @IsString()
  fields?: string;

  @IsOptional()
  @IsString()
  expand?: string;
}

/** What prepare() stores for the worker, next to the client's own keys. */
export interface ProductListConfig {
  skip: number;
  take: number;
  order: Record<string, 'ASC' | 'DESC'>;
  relations: string[];
}

/** Plain JSON copy of the filters (dates as ISO strings) for the stored context. */
export function filtersToJson(filters: ProductExportFilters | undefined): Record<string, unknown> {
  return JSON.parse(JSON.stringify(filters ?? {}));
}
