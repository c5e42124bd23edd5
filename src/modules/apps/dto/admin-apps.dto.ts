import { IsNotEmpty, IsString } from 'class-validator';

export class AdminPostAppsReq {
  @IsString()
  @IsNotEmpty()
  application_name: string;

  @IsString()
  @IsNotEmpty()
  state: string;

  @IsString()
  @IsNotEmpty()
  code: string;
}
