import { Body, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import {
  AdminPostProductsProductMetadataReq,
  AdminPostProductsProductOptionsReq,
  AdminPostProductsProductReq,
  AdminPostProductsProductVariantsReq,
  AdminPostProductsProductVariantsVariantReq,
  AdminPostProductsReq,
} from './dto/admin-product-writes.dto';
import { ADMIN_PRODUCT_QUERY } from './product-lists';
import { ProductWritesService } from './product-writes.service';
import { ProductsService } from './products.service';

/**
 * The dashboard's product editor: products, their options and variants (with base prices).
 * Every write answers 200 with the product as `GET /admin/products/:id` reads it.
 */
@ApiTags('Products')
@AdminController('products')
export class AdminProductWritesController {
  constructor(
    private readonly writes: ProductWritesService,
    private readonly catalogue: ProductsService,
  ) {}

  private answer(id: string) {
    return this.catalogue.retrieveProduct(id, ADMIN_PRODUCT_QUERY.defaultRelations);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Product' })
  @MedusaResponse('AdminProductsRes')
  async create(@Body() body: AdminPostProductsReq) {
    return { product: await this.answer(await this.writes.create(body)) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Product' })
  @MedusaResponse('AdminProductsRes')
  async update(@Param('id') id: string, @Body() body: AdminPostProductsProductReq) {
    await this.writes.update(id, body);
    return { product: await this.answer(id) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Product' })
  @MedusaResponse('AdminProductsDeleteRes')
  async delete(@Param('id') id: string) {
    await this.writes.delete(id);
    return { id, object: 'product', deleted: true };
  }

  @Post(':id/metadata')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set Metadata' })
  @MedusaResponse('AdminProductsRes')
  async setMetadata(@Param('id') id: string, @Body() body: AdminPostProductsProductMetadataReq) {
    await this.writes.setMetadata(id, body.key, body.value);
    return { product: await this.answer(id) };
  }

  @Post(':id/options')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a Product Option' })
  @MedusaResponse('AdminProductsRes')
  async addOption(@Param('id') id: string, @Body() body: AdminPostProductsProductOptionsReq) {
    await this.writes.addOption(id, body.title);
    return { product: await this.answer(id) };
  }

  @Post(':id/options/:option_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Product Option' })
  @MedusaResponse('AdminProductsRes')
  async updateOption(@Param('id') id: string, @Param('option_id') optionId: string, @Body() body: AdminPostProductsProductOptionsReq) {
    await this.writes.updateOption(id, optionId, body.title);
    return { product: await this.answer(id) };
  }

  @Delete(':id/options/:option_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Product Option' })
  @MedusaResponse('AdminProductsDeleteOptionRes')
  async deleteOption(@Param('id') id: string, @Param('option_id') optionId: string) {
    await this.writes.deleteOption(id, optionId);
    return { option_id: optionId, object: 'option', deleted: true, product: await this.answer(id) };
  }

  @Post(':id/variants')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Product Variant' })
  @MedusaResponse('AdminProductsRes')
  async addVariant(@Param('id') id: string, @Body() body: AdminPostProductsProductVariantsReq) {
    await this.writes.addVariant(id, body);
    return { product: await this.answer(id) };
  }

  @Post(':id/variants/:variant_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Product Variant' })
  @MedusaResponse('AdminProductsRes')
  async updateVariant(@Param('id') id: string, @Param('variant_id') variantId: string, @Body() body: AdminPostProductsProductVariantsVariantReq) {
    await this.writes.updateVariant(id, variantId, body);
    return { product: await this.answer(id) };
  }

  @Delete(':id/variants/:variant_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Product Variant' })
  @MedusaResponse('AdminProductsDeleteVariantRes')
  async deleteVariant(@Param('id') id: string, @Param('variant_id') variantId: string) {
    await this.writes.deleteVariant(variantId);
    return { variant_id: variantId, object: 'product-variant', deleted: true, product: await this.answer(id) };
  }
}
