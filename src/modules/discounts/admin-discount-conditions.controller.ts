import { Body, HttpCode, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { DiscountCondition } from './discount-condition.entity';
import { CONDITION_ALLOWED_RELATIONS, CONDITION_DEFAULT_RELATIONS, DiscountConditionsService } from './discount-conditions.service';
import { DISCOUNT_ALLOWED_RELATIONS, DISCOUNT_DEFAULT_RELATIONS } from './discount-lookup';
import { Discount } from './discount.entity';
import {
  AdminDiscountConditionsBatchReq,
  AdminPostDiscountsDiscountConditions,
  AdminPostDiscountsDiscountConditionsCondition,
} from './dto/admin-discount-conditions.dto';

/** Routes answering with the discount take expand/fields for the discount. */
const DISCOUNT_QUERY = { entity: Discount, defaultRelations: DISCOUNT_DEFAULT_RELATIONS, allowedRelations: DISCOUNT_ALLOWED_RELATIONS };

@ApiTags('Discounts')
@AdminController('discounts/:discount_id/conditions')
export class AdminDiscountConditionsController {
  constructor(private readonly conditions: DiscountConditionsService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Condition' })
  @QueryConfig(DISCOUNT_QUERY)
  @MedusaResponse('AdminDiscountsRes')
  async create(
    @Param('discount_id') discountId: string,
    @Body() body: AdminPostDiscountsDiscountConditions,
    @Query() _query: FindParamsDto,
    @FindParams() config: FindConfig,
  ) {
    return { discount: await this.conditions.create(discountId, body, config.relations) };
  }

  @Get(':condition_id')
  @ApiOperation({ summary: 'Get a Condition' })
  @QueryConfig({ entity: DiscountCondition, defaultRelations: CONDITION_DEFAULT_RELATIONS, allowedRelations: CONDITION_ALLOWED_RELATIONS })
  @MedusaResponse('AdminDiscountConditionsRes')
  async retrieve(
    @Param('discount_id') discountId: string,
    @Param('condition_id') conditionId: string,
    @Query() _query: FindParamsDto,
    @FindParams() config: FindConfig,
  ) {
    return { discount_condition: await this.conditions.retrieve(discountId, conditionId, config.relations) };
  }

  @Post(':condition_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Condition' })
  @QueryConfig(DISCOUNT_QUERY)
  @MedusaResponse('AdminDiscountsRes')
  async update(
    @Param('discount_id') discountId: string,
    @Param('condition_id') conditionId: string,
    @Body() body: AdminPostDiscountsDiscountConditionsCondition,
    @Query() _query: FindParamsDto,
    @FindParams() config: FindConfig,
  ) {
    return { discount: await this.conditions.update(discountId, conditionId, body, config.relations) };
  }

  @Delete(':condition_id')
  @ApiOperation({ summary: 'Delete a Condition' })
  @QueryConfig(DISCOUNT_QUERY)
  @MedusaResponse('AdminDiscountConditionsDeleteRes')
  async delete(
    @Param('discount_id') discountId: string,
    @Param('condition_id') conditionId: string,
    @Query() _query: FindParamsDto,
    @FindParams() config: FindConfig,
  ) {
    return this.conditions.delete(discountId, conditionId, config.relations);
  }

  @Post(':condition_id/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Batch Resources' })
  @QueryConfig(DISCOUNT_QUERY)
  @MedusaResponse('AdminDiscountsRes')
  async addResources(
    @Param('discount_id') discountId: string,
    @Param('condition_id') conditionId: string,
    @Body() body: AdminDiscountConditionsBatchReq,
    @Query() _query: FindParamsDto,
    @FindParams() config: FindConfig,
  ) {
    return {
      discount: await this.conditions.addResources(
        discountId,
        conditionId,
        body.resources.map((r) => r.id),
        config.relations,
      ),
    };
  }

  @Delete(':condition_id/batch')
  @ApiOperation({ summary: 'Remove Batch Resources' })
  @QueryConfig(DISCOUNT_QUERY)
  @MedusaResponse('AdminDiscountsRes')
  async removeResources(
    @Param('discount_id') discountId: string,
    @Param('condition_id') conditionId: string,
    @Body() body: AdminDiscountConditionsBatchReq,
    @Query() _query: FindParamsDto,
    @FindParams() config: FindConfig,
  ) {
    return {
      discount: await this.conditions.removeResources(
        discountId,
        conditionId,
        body.resources.map((r) => r.id),
        config.relations,
      ),
    };
  }
}
