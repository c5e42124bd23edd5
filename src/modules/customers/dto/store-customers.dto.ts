import { IsEmail, IsNotEmpty, IsOptional, IsString } from 'class-validator';

/** Registration: the spec requires names, email and password. */
export class StorePostCustomersReq {
  @IsString()
  first_name: string;

  @IsString()
  last_name: string;

  @IsEmail()
  email: string;

  @IsString()
  @IsNotEmpty()
  password: string;

  @IsOptional()
  @IsString()
  phone?: string;
}

export class StorePostAuthReq {
  @IsEmail()
  email: string;

  @IsString()
  @IsNotEmpty()
  password: string;
}

export class StoreGetAuthEmailParams {
  @IsEmail()
  email: string;
}
