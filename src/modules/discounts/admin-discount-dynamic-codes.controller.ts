import { Body, HttpCode, Delete, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { DiscountsService } from './discounts.service';
import { AdminPostDiscountsDiscountDynamicCodesReq } from './dto/admin-discount-dynamic-codes.dto';

@ApiTags('Discounts')
@AdminController('discounts/:id/dynamic-codes')
export class AdminDiscountDynamicCodesController {
  constructor(private readonly discounts: DiscountsService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Dynamic Code' })
  @MedusaResponse('AdminDiscountsRes')
  async create(@Param('id') id: string, @Body() body: AdminPostDiscountsDiscountDynamicCodesReq) {
    return { discount: await this.discounts.createDynamicCode(id, body) };
  }

  @Delete(':code')
  @ApiOperation({ summary: 'Delete a Dynamic Code' })
  @MedusaResponse('AdminDiscountsRes')
  async delete(@Param('id') id: string, @Param('code') code: string) {
    return { discount: await this.discounts.deleteDynamicCode(id, code) };
  }
}
