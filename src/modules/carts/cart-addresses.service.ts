import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { updateById } from '../../common/database/row-writes';
import { ApiError } from '../../common/errors/api-error';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { Address } from '../customers/address.entity';
import { Country } from '../regions/country.entity';
import { Cart } from './cart.entity';
import { CART_ADDRESS_FIELDS, insertCartAddress } from './carts.repository';
import type { AddressPayload } from './dto/address-payload.dto';

type AddressInput = AddressPayload | string;

/**
 * A cart's shipping and billing addresses (inside the caller's transaction, cart row
 * locked). The cart owns its address rows: an address given by id (e.g. one of the
 * customer's saved addresses) is copied, never shared, so editing the cart's address can
 * never rewrite a customer's address book or another cart's address (a Medusa v1 defect).
 * Country codes are stored lower-case.
 */
@Injectable()
export class CartAddressesService {
  /**
   * Sets the shipping address from a payload (merged into the cart's current address, or
   * a new one), an address id (copied) or null (removed). Its country must belong to the
   * cart's region: 400 invalid_data otherwise.
   */
  async setShipping(cart: Cart, value: AddressInput | null, regionCountries: string[], manager: EntityManager): Promise<void> {
    if (value === null) {
      await this.link(cart, 'shipping_address_id', null, manager);
      return;
    }
    const fields = await this.resolve(cart, value, manager, regionCountries);
    const country = fields.country_code ?? (await this.currentCountry(cart.shipping_address_id, manager));
    if (country && !regionCountries.includes(country)) throw ApiError.invalid('Shipping country must be in the cart region');
    await this.write(cart, 'shipping_address_id', fields, typeof value === 'string', manager);
  }

  /** Sets the billing address (payload merged or created, id copied); no region check, as in Medusa v1. */
  async setBilling(cart: Cart, value: AddressInput, manager: EntityManager): Promise<void> {
    const fields = await this.resolve(cart, value, manager);
    await this.write(cart, 'billing_address_id', fields, typeof value === 'string', manager);
  }

  /**
   * A region change: the shipping address takes `countryCode`, keeping its other fields;
   * with no country the existing address loses its country. Creates the address when the
   * cart has none and a country is given.
   */
  async setShippingCountry(cart: Cart, countryCode: string | null, manager: EntityManager): Promise<void> {
    if (cart.shipping_address_id) {
      await updateById(manager, Address, cart.shipping_address_id, { country_code: countryCode });
    } else if (countryCode) {
      await this.write(cart, 'shipping_address_id', { country_code: countryCode }, true, manager);
    }
  }

  /**
   * Fields of the address to write; ids are resolved to a copy of the address they name.
   * A country code among `knownCountries` (the region's, already loaded) needs no lookup.
   */
  private async resolve(cart: Cart, value: AddressInput, manager: EntityManager, knownCountries: readonly string[] = []): Promise<Partial<Address>> {
    if (typeof value === 'string') {
      const address = await manager.getRepository(Address).findOne({ where: { id: value } });
      const ownedByOther = address?.customer_id && address.customer_id !== cart.customer_id;
      if (!address || ownedByOther) throw ApiError.notFound(`Address with id ${value} was not found`);
      return Object.fromEntries(CART_ADDRESS_FIELDS.map((f) => [f, address[f]])) as Partial<Address>;
    }
    const fields: Partial<Address> = {};
    for (const field of CART_ADDRESS_FIELDS) if (value[field] !== undefined) (fields as Record<string, unknown>)[field] = value[field];
    boundedJson('metadata', fields.metadata); // replaces the address's metadata
    if (typeof fields.country_code === 'string') {
      const iso2 = fields.country_code.trim().toLowerCase();
      fields.country_code = knownCountries.includes(iso2) ? iso2 : await this.knownCountry(fields.country_code, manager);
    }
    return fields;
  }

  private async knownCountry(code: string, manager: EntityManager): Promise<string> {
    const iso2 = code.trim().toLowerCase();
    if (!(await manager.getRepository(Country).exists({ where: { iso_2: iso2 } }))) throw ApiError.invalid(`Country with iso_2 ${code} was not found`);
    return iso2;
  }

  private async currentCountry(addressId: string | null, manager: EntityManager): Promise<string | null> {
    if (!addressId) return null;
    return (await manager.getRepository(Address).findOne({ where: { id: addressId } }))?.country_code ?? null;
  }

  /** Merges into the cart's current address row, or creates a new one (`replace`: always a new row). */
  private async write(
    cart: Cart,
    column: 'shipping_address_id' | 'billing_address_id',
    fields: Partial<Address>,
    replace: boolean,
    manager: EntityManager,
  ): Promise<void> {
    const currentId = cart[column];
    if (currentId && !replace) {
      if (Object.keys(fields).length > 0) await updateById(manager, Address, currentId, fields);
      return;
    }
    const id = generateEntityId(Address.idPrefix);
    await insertCartAddress(manager, { cartId: cart.id, addressId: id, column, fields });
    cart[column] = id;
  }

  private async link(cart: Cart, column: 'shipping_address_id' | 'billing_address_id', addressId: string | null, manager: EntityManager): Promise<void> {
    await updateById(manager, Cart, cart.id, { [column]: addressId });
    cart[column] = addressId;
  }
}
