import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsNotEmptyObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import type { UserRole } from '../../users/user.entity';

const ROLES: UserRole[] = ['admin', 'member', 'developer'];

/** Medusa v1's AdminPostInvitesReq. */
export class AdminPostInvitesReq {
  @IsEmail()
  user: string;

  @IsIn(ROLES, { message: 'role must be one of the following values: admin, member, developer' })
  role: UserRole;
}

export class AdminPostInvitesInviteAcceptUserReq {
  @IsOptional()
  @IsString()
  first_name?: string;

  @IsOptional()
  @IsString()
  last_name?: string;

  @IsString()
  password: string;
}

/** Medusa v1's AdminPostInvitesInviteAcceptReq. */
export class AdminPostInvitesInviteAcceptReq {
  @IsString()
  @IsNotEmpty()
  token: string;

  @IsNotEmptyObject({}, { message: 'user should not be empty' })
  @ValidateNested()
  @Type(() => AdminPostInvitesInviteAcceptUserReq)
  user: AdminPostInvitesInviteAcceptUserReq;
}
