import { Transform } from 'class-transformer';
import { IsArray, IsEmail, IsIn, IsObject, IsOptional, IsString } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toStringArray } from '../../../common/query/find-params.dto';
import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';
import type { UserRole } from '../user.entity';

/** Medusa v1's AdminGetUsersParams. */
export class AdminGetUsersParams extends ListParamsDto {
  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @IsString({ each: true })
  @MaxEntries(LIST_LIMITS.queryFilter)
  id?: string[];

  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @IsString()
  email?: string;

  @IsOptional()
  @IsString()
  first_name?: string;

  @IsOptional()
  @IsString()
  last_name?: string;

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(['admin', 'member', 'developer'], { each: true })
  role?: string[];

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @DateFilter()
  deleted_at?: DateComparisonOperator;
}

const ROLES: UserRole[] = ['admin', 'member', 'developer'];
const ROLE_MESSAGE = 'role must be one of the following values: admin, member, developer';

/** Medusa v1's AdminCreateUserRequest. */
export class AdminCreateUserRequest {
  @IsEmail()
  email: string;

  @IsString()
  password: string;

  @IsOptional()
  @IsString()
  first_name?: string;

  @IsOptional()
  @IsString()
  last_name?: string;

  @IsOptional()
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role?: UserRole;
}

/** Medusa v1's AdminUpdateUserRequest: no email, no password (`property email should not exist`). */
export class AdminUpdateUserRequest {
  @IsOptional()
  @IsString()
  first_name?: string;

  @IsOptional()
  @IsString()
  last_name?: string;

  @IsOptional()
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role?: UserRole;

  @IsOptional()
  @IsString()
  api_token?: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}
