import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { ListParamsDto, toBoolean } from '../../../common/query/find-params.dto';

export class AdminGetCurrenciesParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  code?: string;

  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  includes_tax?: boolean;
}

export class AdminPostCurrenciesCurrencyReq {
  @IsOptional()
  @IsBoolean()
  includes_tax?: boolean;
}
