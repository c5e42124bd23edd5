import { Body, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { AdminStoreService } from './admin-store.service';
import { AdminPostStoreReq } from './dto/admin-store.dto';

/**
 * The store's settings, as Medusa v1's dashboard reads them on every page (`GET
 * /admin/store/`) and saves them (Settings -> Currencies sends `POST /admin/store/` with
 * the whole `currencies` list).
 *
 * The store announces Medusa's `analytics` flag as off, so `/admin/analytics-configs`
 * (Medusa 1.20's analytics module, behind that flag) is not a route here: the dashboard's
 * read of it gets the 404 Medusa gives with the flag off and shows no consent dialog.
 */
@ApiTags('Store')
@AdminController('store')
export class AdminStoreController {
  constructor(private readonly store: AdminStoreService) {}

  @Get()
  @ApiOperation({ summary: 'Get Store details' })
  @MedusaResponse('AdminExtendedStoresRes')
  async retrieve() {
    return { store: await this.store.retrieveExtended() };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Update Store Details' })
  @MedusaResponse('AdminStoresRes')
  async update(@Body() body: AdminPostStoreReq) {
    return { store: await this.store.update(body) };
  }

  @Get('payment-providers')
  @ApiOperation({ summary: 'List Payment Providers' })
  @MedusaResponse('AdminPaymentProvidersList')
  async paymentProviders() {
    return { payment_providers: await this.store.paymentProviders() };
  }

  /** Medusa lists the tax providers plugins installed; its built-in `system` provider is not one of them. */
  @Get('tax-providers')
  @ApiOperation({ summary: 'List Tax Providers' })
  @MedusaResponse('AdminTaxProvidersList')
  taxProviders() {
    return { tax_providers: [] };
  }

  @Post('currencies/:code')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a Currency Code' })
  @MedusaResponse('AdminStoresRes')
  async addCurrency(@Param('code') code: string) {
    return { store: await this.store.addCurrency(code) };
  }

  @Delete('currencies/:code')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove a Currency' })
  @MedusaResponse('AdminStoresRes')
  async removeCurrency(@Param('code') code: string) {
    return { store: await this.store.removeCurrency(code) };
  }
}
