import { IsOptional, IsString } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto } from '../../../common/query/find-params.dto';

/** Medusa v1's AdminGetSalesChannelsParams. */
export class AdminGetSalesChannelsParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  id?: string;

  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsString()
  description?: string;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @DateFilter()
  deleted_at?: DateComparisonOperator;
}
