import { Body, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { AdminPostReturnReasonsReasonReq, AdminPostReturnReasonsReq } from './dto/admin-return-reasons.dto';
import { ReturnReasonsService } from './return-reasons.service';

/** Return reasons as Medusa's dashboard manages them (settings → return reasons). */
@ApiTags('Return Reasons')
@AdminController('return-reasons')
export class AdminReturnReasonsController {
  constructor(private readonly reasons: ReturnReasonsService) {}

  @Get()
  @ApiOperation({ summary: 'List Return Reasons' })
  @MedusaResponse('AdminReturnReasonsListRes')
  async list() {
    return { return_reasons: await this.reasons.list() };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Return Reason' })
  @MedusaResponse('AdminReturnReasonsRes')
  async create(@Body() body: AdminPostReturnReasonsReq) {
    return { return_reason: await this.reasons.create(body) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Return Reason' })
  @MedusaResponse('AdminReturnReasonsRes')
  async retrieve(@Param('id') id: string) {
    return { return_reason: await this.reasons.retrieve(id) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Return Reason' })
  @MedusaResponse('AdminReturnReasonsRes')
  async update(@Param('id') id: string, @Body() body: AdminPostReturnReasonsReasonReq) {
    return { return_reason: await this.reasons.update(id, body) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Return Reason' })
  @MedusaResponse('AdminReturnReasonsDeleteRes')
  async delete(@Param('id') id: string) {
    await this.reasons.delete(id);
    return { id, object: 'return_reason', deleted: true };
  }
}
