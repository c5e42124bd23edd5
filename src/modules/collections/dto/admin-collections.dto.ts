import { ArrayNotEmpty, IsArray, IsObject, IsOptional, IsString, IsNotEmpty } from 'class-validator';
import { DateComparisonOperator, DateFilter } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

/** Medusa's collection list takes no `expand`/`fields` (400 if sent). */
export class AdminGetCollectionsParams {
  @IsOptional()
  @IsString()
  limit?: string;

  @IsOptional()
  @IsString()
  offset?: string;

  @IsOptional()
  @IsString()
  order?: string;

  @IsOptional()
  @IsString()
  title?: string;

  @IsOptional()
  @IsString()
  handle?: string;

  @IsOptional()
  @IsString()
  q?: string;

  /** Collections linked to that discount condition. */
  @IsOptional()
  @IsString()
  discount_condition_id?: string;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  /** Filtering on deleted_at includes soft-deleted collections. */
  @DateFilter()
  deleted_at?: DateComparisonOperator;
}

export class AdminPostCollectionsReq {
  @IsString()
  @IsNotEmpty()
  title: string;

  @IsOptional()
  @IsString()
  handle?: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class AdminPostCollectionsCollectionReq {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  title?: string;

  @IsOptional()
  @IsString()
  handle?: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}

export class AdminCollectionProductsBatchReq {
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  @ArrayNotEmpty()
  @IsString({ each: true })
  product_ids: string[];
}
