import { IsNotEmpty, IsString } from 'class-validator';

export class AdminPostUploadsDownloadUrlReq {
  @IsString()
  @IsNotEmpty()
  file_key: string;
}

export class AdminDeleteUploadsReq {
  @IsString()
  @IsNotEmpty()
  file_key: string;
}
