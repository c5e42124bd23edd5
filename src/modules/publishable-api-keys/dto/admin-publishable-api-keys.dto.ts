import { Type } from 'class-transformer';
import { IsArray, IsNotEmpty, IsOptional, IsString, ValidateNested } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';

/** Medusa v1's GetPublishableApiKeysParams. */
export class AdminGetPublishableApiKeysParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @DateFilter()
  revoked_at?: DateComparisonOperator;
}

export class AdminPostPublishableApiKeysReq {
  @IsString()
  @IsNotEmpty()
  title: string;
}

export class AdminPostPublishableApiKeysPublishableApiKeyReq {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  title?: string;
}

class SalesChannelIdReq {
  @IsString()
  id: string;
}

/** `POST` and `DELETE /admin/publishable-api-keys/:id/sales-channels/batch`. */
export class AdminPublishableApiKeySalesChannelsBatchReq {
  @IsArray()
  @MaxEntries(LIST_LIMITS.batch)
  @ValidateNested({ each: true })
  @Type(() => SalesChannelIdReq)
  sales_channel_ids: SalesChannelIdReq[];
}

/** `GET /admin/publishable-api-keys/:id/sales-channels`: `q` only. */
export class AdminGetPublishableApiKeySalesChannelsParams {
  @IsOptional()
  @IsString()
  q?: string;
}
