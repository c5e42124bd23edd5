import { Body, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/auth.decorators';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { AdminPostInvitesInviteAcceptReq, AdminPostInvitesReq } from './dto/admin-invites.dto';
import { InviteAcceptThrottled } from './invite-accept-throttle';
import { InvitesService } from './invites.service';

/** Medusa answers invite create, resend and accept with the plain text `OK`. */
const PLAIN_OK = { status: 200, description: 'OK', content: { 'text/plain': { schema: { type: 'string', example: 'OK' } } } };

function ok(res: Response): string {
  res.type('text/plain');
  return 'OK';
}

/** The team's invitations (Settings -> The Team), and their acceptance from the mail's link. */
@ApiTags('Invites')
@AdminController('invites')
export class AdminInvitesController {
  constructor(private readonly invites: InvitesService) {}

  @Get()
  @ApiOperation({ summary: 'Lists Invites' })
  @MedusaResponse('AdminListInvitesRes')
  async list() {
    return { invites: await this.invites.list() };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create an Invite' })
  @ApiResponse(PLAIN_OK)
  async create(@Body() body: AdminPostInvitesReq, @Res({ passthrough: true }) res: Response) {
    await this.invites.create(body.user, body.role);
    return ok(res);
  }

  @Post('accept')
  @Public()
  @HttpCode(200)
  @InviteAcceptThrottled()
  @ApiOperation({ summary: 'Accept an Invite' })
  @ApiResponse(PLAIN_OK)
  async accept(@Body() body: AdminPostInvitesInviteAcceptReq, @Res({ passthrough: true }) res: Response) {
    await this.invites.accept(body.token, body.user);
    return ok(res);
  }

  @Post(':invite_id/resend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resend an Invite' })
  @ApiResponse(PLAIN_OK)
  async resend(@Param('invite_id') id: string, @Res({ passthrough: true }) res: Response) {
    await this.invites.resend(id);
    return ok(res);
  }

  @Delete(':invite_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete an Invite' })
  @MedusaResponse('AdminInviteDeleteRes')
  async delete(@Param('invite_id') id: string) {
    await this.invites.delete(id);
    return { id, object: 'invite', deleted: true };
  }
}
