import { IsOptional, IsString } from 'class-validator';
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
