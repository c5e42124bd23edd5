import { Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { ReturnReasonsService } from './return-reasons.service';

/** Return reasons a storefront offers on its return form: public, the admin's shapes. */
@ApiTags('Return Reasons')
@StoreController('return-reasons')
export class StoreReturnReasonsController {
  constructor(private readonly reasons: ReturnReasonsService) {}

  @Get()
  @ApiOperation({ summary: 'List Return Reasons' })
  @MedusaResponse('StoreReturnReasonsListRes')
  async list() {
    return { return_reasons: await this.reasons.list() };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Return Reason' })
  @MedusaResponse('StoreReturnReasonsRes')
  async retrieve(@Param('id') id: string) {
    return { return_reason: await this.reasons.retrieve(id) };
  }
}
