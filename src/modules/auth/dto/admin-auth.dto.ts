import { IsEmail, IsNotEmpty, IsString } from 'class-validator';

export class AdminPostAuthReq {
  @IsEmail()
  @IsNotEmpty()
  email: string;

  @IsString()
  @IsNotEmpty()
  password: string;
}
