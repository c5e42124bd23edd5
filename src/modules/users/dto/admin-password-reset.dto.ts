import { IsEmail, IsNotEmpty, IsOptional, IsString } from 'class-validator';

/** POST /admin/users/password-token. */
export class AdminResetPasswordTokenRequest {
  @IsEmail()
  email: string;
}

/** POST /admin/users/reset-password: the email is optional (the token names the user), as Medusa. */
export class AdminResetPasswordRequest {
  @IsOptional()
  @IsEmail()
  email?: string;

  @IsString()
  @IsNotEmpty()
  token: string;

  @IsString()
  @IsNotEmpty()
  password: string;
}
