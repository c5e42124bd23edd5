import { DateComparisonOperator, DateFilter, ListParamsDto } from '../../../common/query/find-params.dto';

export class StoreGetRegionsParams extends ListParamsDto {
  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;
}
