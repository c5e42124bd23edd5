import { Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { CartLoaderService } from '../carts/cart-loader.service';
import { cartShippingProfileIds } from './cart-shipping';
import { ShippingOptionsService } from './shipping-options.service';

@ApiTags('Shipping Options')
@StoreController('shipping-options')
export class StoreShippingOptionsController {
  constructor(
    private readonly carts: CartLoaderService,
    private readonly options: ShippingOptionsService,
  ) {}

  @Get(':cart_id')
  @ApiOperation({ summary: 'List for Cart' })
  @MedusaResponse('StoreCartShippingOptionsListRes')
  async listForCart(@Param('cart_id') cartId: string) {
    const cart = await this.carts.loadWithTotals(cartId, { relations: [] });
    const region = cart.region!;
    const shipping_options = await this.options.listForCart(
      { region_id: cart.region_id, subtotal: (cart as unknown as { subtotal: number }).subtotal, profile_ids: cartShippingProfileIds(cart) },
      { id: region.id, tax_rate: region.tax_rate, tax_code: region.tax_code, tax_provider_id: region.tax_provider_id },
    );
    return { shipping_options };
  }
}
