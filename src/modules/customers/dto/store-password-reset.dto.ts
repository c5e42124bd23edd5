import { IsEmail, IsNotEmpty, IsString } from 'class-validator';

/** POST /store/customers/password-token. */
export class StorePostCustomersCustomerPasswordTokenReq {
  @IsEmail()
  email: string;
}

/** POST /store/customers/password-reset. */
export class StorePostCustomersResetPasswordReq {
  @IsEmail()
  email: string;

  @IsString()
  @IsNotEmpty()
  token: string;

  @IsString()
  @IsNotEmpty()
  password: string;
}
