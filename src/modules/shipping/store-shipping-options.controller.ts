import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { CartLoaderService } from '../carts/cart-loader.service';
import { cartShippingProfileIds } from './cart-shipping';
import { StoreGetShippingOptionsParams } from './dto/store-shipping-options.dto';
import { ShippingOptionsService } from './shipping-options.service';

@ApiTags('Shipping Options')
@StoreController('shipping-options')
export class StoreShippingOptionsController {
  constructor(
    private readonly carts: CartLoaderService,
    private readonly options: ShippingOptionsService,
  ) {}

  /** Options a storefront may show without a cart (Medusa v1's GET /store/shipping-options). */
  @Get()
  @ApiOperation({ summary: 'Get Shipping Options' })
  @MedusaResponse('StoreShippingOptionsListRes')
  async list(@Query() query: StoreGetShippingOptionsParams) {
    const productIds = query.product_ids?.split(',').filter(Boolean);
    const shipping_options = await this.options.listForStore({
      product_ids: productIds,
      region_id: query.region_id,
      is_return: query.is_return === undefined ? undefined : query.is_return === 'true',
    });
    return { shipping_options };
  }

  @Get(':cart_id')
  @ApiOperation({ summary: 'List for Cart' })
  @MedusaResponse('StoreCartShippingOptionsListRes')
  async listForCart(@Param('cart_id') cartId: string) {
    const { cart } = await this.carts.viewCommitted(cartId, { relations: [] });
    const region = cart.region!;
    const shipping_options = await this.options.listForCart(
      { id: cart.id, region_id: cart.region_id, subtotal: (cart as unknown as { subtotal: number }).subtotal, profile_ids: cartShippingProfileIds(cart) },
      { id: region.id, tax_rate: region.tax_rate, tax_code: region.tax_code, tax_provider_id: region.tax_provider_id, automatic_taxes: region.automatic_taxes },
    );
    return { shipping_options };
  }
}
