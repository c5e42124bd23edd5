import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import {
  AdminDeletePriceListPricesPricesReq,
  AdminDeletePriceListsPriceListProductsPricesBatchReq,
  AdminGetPriceListsParams,
  AdminPostPriceListPricesPricesReq,
  AdminPostPriceListsPriceListPriceListReq,
  AdminPostPriceListsPriceListReq,
} from './dto/admin-price-lists.dto';
import { ADMIN_PRICE_LIST_LIST } from './price-list-lists';
import { PriceListsService } from './price-lists.service';

const deletedPrices = (ids: string[]) => ({ ids, object: 'money-amount', deleted: true });

/** The dashboard's "Pricing" pages: price lists, their prices and customer groups. */
@ApiTags('Price Lists')
@AdminController('price-lists')
export class AdminPriceListsController {
  constructor(private readonly lists: PriceListsService) {}

  @Get()
  @ApiOperation({ summary: 'List Price Lists' })
  @ListRoute(ADMIN_PRICE_LIST_LIST)
  @MedusaResponse('AdminPriceListsListRes')
  async list(@Query() query: AdminGetPriceListsParams, @FindParams() config: FindConfig) {
    const [lists, count] = await this.lists.list(query, config);
    return listEnvelope('price_lists', lists, count, config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Price List' })
  @MedusaResponse('AdminPriceListRes')
  async create(@Body() body: AdminPostPriceListsPriceListReq) {
    return { price_list: await this.lists.retrieve(await this.lists.create(body)) };
  }

  // Static paths before `:id` ones that could match them.
  @Delete(':id/products/prices/batch')
  @HttpCode(200)
  @ApiOperation({ summary: "Delete Several Products' Prices" })
  @MedusaResponse('AdminPriceListDeleteBatchRes')
  async deleteProductsPrices(@Param('id') id: string, @Body() body: AdminDeletePriceListsPriceListProductsPricesBatchReq) {
    return deletedPrices(await this.lists.deleteProductPrices(id, body.product_ids));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Price List' })
  @MedusaResponse('AdminPriceListRes')
  async retrieve(@Param('id') id: string) {
    return { price_list: await this.lists.retrieve(id) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Price List' })
  @MedusaResponse('AdminPriceListRes')
  async update(@Param('id') id: string, @Body() body: AdminPostPriceListsPriceListPriceListReq) {
    await this.lists.update(id, body);
    return { price_list: await this.lists.retrieve(id) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Price List' })
  @MedusaResponse('AdminPriceListDeleteRes')
  async delete(@Param('id') id: string) {
    await this.lists.delete(id);
    return { id, object: 'price-list', deleted: true };
  }

  @Post(':id/prices/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add or Update Prices' })
  @MedusaResponse('AdminPriceListRes')
  async addPrices(@Param('id') id: string, @Body() body: AdminPostPriceListPricesPricesReq) {
    await this.lists.addPrices(id, body.prices, body.override ?? false);
    return { price_list: await this.lists.retrieve(id) };
  }

  @Delete(':id/prices/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete Prices' })
  @MedusaResponse('AdminPriceListDeleteBatchRes')
  async deletePrices(@Param('id') id: string, @Body() body: AdminDeletePriceListPricesPricesReq) {
    await this.lists.deletePrices(id, body.price_ids);
    return deletedPrices(body.price_ids);
  }

  @Delete(':id/products/:product_id/prices')
  @HttpCode(200)
  @ApiOperation({ summary: "Delete a Product's Prices" })
  @MedusaResponse('AdminPriceListDeleteProductPricesRes')
  async deleteProductPrices(@Param('id') id: string, @Param('product_id') productId: string) {
    return deletedPrices(await this.lists.deleteProductPrices(id, [productId]));
  }

  @Delete(':id/variants/:variant_id/prices')
  @HttpCode(200)
  @ApiOperation({ summary: "Delete a Variant's Prices" })
  @MedusaResponse('AdminPriceListDeleteVariantPricesRes')
  async deleteVariantPrices(@Param('id') id: string, @Param('variant_id') variantId: string) {
    return deletedPrices(await this.lists.deleteVariantPrices(id, variantId));
  }
}
