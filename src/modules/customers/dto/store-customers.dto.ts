import { IsEmail, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { IsPersonName } from '../../../common/validation/person-name';

/** Registration: the spec requires names, email and password. */
export class StorePostCustomersReq {
  @IsPersonName()
  first_name: string;

  @IsPersonName()
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
