import { IsInt, IsNotEmpty, IsObject, IsOptional, IsPositive, IsString, Matches } from 'class-validator';

export class AdminPostDiscountsDiscountDynamicCodesReq {
  @Matches(/\S/, { message: 'code must not be blank' })
  @IsString()
  @IsNotEmpty()
  code: string;

  /** How many times the generated code can be used; 1 when not sent. */
  @IsOptional()
  @IsPositive()
  @IsInt()
  usage_limit?: number;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
