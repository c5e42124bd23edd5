import { Body, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { AppsService } from './apps.service';
import { AdminPostAppsReq } from './dto/admin-apps.dto';

@ApiTags('Apps Oauth')
@AdminController('apps')
export class AdminAppsController {
  constructor(private readonly apps: AppsService) {}

  @Get()
  @ApiOperation({ summary: 'List Applications' })
  @MedusaResponse('AdminAppsListRes')
  async list() {
    return { apps: await this.apps.list() };
  }

  @Post('authorizations')
  @HttpCode(200)
  @ApiOperation({ summary: 'Generate Token for App' })
  @MedusaResponse('AdminAppsRes')
  async authorize(@Body() body: AdminPostAppsReq) {
    // Medusa returns the single updated app under the plural key.
    return { apps: await this.apps.generateToken(body) };
  }
}
