import { Body, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { ListRoute } from '../../common/query/list-spec';
import { AdminPostShippingProfilesProfileReq, AdminPostShippingProfilesReq } from './dto/admin-shipping-profiles.dto';
import { ADMIN_SHIPPING_PROFILE_LIST } from './shipping-profile-lists';
import { ShippingProfilesService } from './shipping-profiles.service';

/**
 * Shipping profiles as Medusa's dashboard uses them: the region page and the shipping
 * option form list them; products and options are moved into one by its update.
 */
@ApiTags('Shipping Profiles')
@AdminController('shipping-profiles')
export class AdminShippingProfilesController {
  constructor(private readonly profiles: ShippingProfilesService) {}

  @Get()
  @ApiOperation({ summary: 'List Shipping Profiles' })
  @ListRoute(ADMIN_SHIPPING_PROFILE_LIST)
  @MedusaResponse('AdminShippingProfilesListRes')
  async list() {
    return { shipping_profiles: await this.profiles.list() };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Shipping Profile' })
  @MedusaResponse('AdminShippingProfilesRes')
  async create(@Body() body: AdminPostShippingProfilesReq) {
    return { shipping_profile: await this.profiles.create(body) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Shipping Profile' })
  @MedusaResponse('AdminShippingProfilesRes')
  async retrieve(@Param('id') id: string) {
    return { shipping_profile: await this.profiles.retrieve(id) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Shipping Profile' })
  @MedusaResponse('AdminShippingProfilesRes')
  async update(@Param('id') id: string, @Body() body: AdminPostShippingProfilesProfileReq) {
    return { shipping_profile: await this.profiles.update(id, body) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Shipping Profile' })
  @MedusaResponse('AdminDeleteShippingProfileRes')
  async delete(@Param('id') id: string) {
    await this.profiles.delete(id);
    return { id, object: 'shipping_profile', deleted: true };
  }
}
