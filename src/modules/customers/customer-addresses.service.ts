import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { Address } from './address.entity';
import { Customer } from './customer.entity';

/** The address columns a shopper writes. */
export interface AddressInput {
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  company?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  city?: string | null;
  country_code?: string | null;
  province?: string | null;
  postal_code?: string | null;
  metadata?: Record<string, unknown> | null;
}

const COMPARED = ['first_name', 'last_name', 'phone', 'address_1', 'address_2', 'city', 'country_code', 'province', 'postal_code'] as const;

/**
 * Country codes are stored lower-case (country.iso_2); an unknown one fails the foreign key (404).
 * The metadata (which replaces the old) must be within STORED_JSON_BOUNDS (400 otherwise).
 */
function normalized(input: AddressInput): AddressInput {
  boundedJson('metadata', input.metadata);
  return typeof input.country_code === 'string' ? { ...input, country_code: input.country_code.toLowerCase() } : input;
}

/** Medusa's answer to a change of an address that is not one of the customer's saved addresses. */
const notTheirs = () => ApiError.invalid('Could not find address for customer');

/**
 * A customer's saved shipping addresses (address rows with its customer_id) and its
 * billing address. Every change runs under a lock on the customer row, so two requests
 * of one customer do not interleave.
 */
@Injectable()
export class CustomerAddressesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /** Saves an address, unless the customer already has one with the same fields (as Medusa). */
  async add(customerId: string, input: AddressInput): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.lockCustomer(customerId, manager);
      const address = normalized(input);
      const repo = manager.getRepository(Address);
      const existing = await repo.find({ where: { customer_id: customerId } });
      const same = existing.some((a) => COMPARED.every((key) => (a[key] ?? null) === (address[key] ?? null)));
      if (!same) await repo.save(repo.create({ ...address, customer_id: customerId }));
    });
  }

  /** Changes one of the customer's saved addresses; any other address id is Medusa's 400 `invalid_data`. */
  async update(customerId: string, addressId: string, input: AddressInput): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.lockCustomer(customerId, manager);
      const repo = manager.getRepository(Address);
      const address = await repo.findOne({ where: { id: addressId, customer_id: customerId } });
      if (!address) throw notTheirs();
      await repo.save(Object.assign(address, normalized(input)));
    });
  }

  /**
   * Removes one of the customer's saved addresses (soft delete). Deleting is idempotent, as
   * in Medusa: an id that is not one of the customer's saved addresses (already deleted,
   * unknown, or someone else's) changes nothing and answers as a success, which tells the
   * caller nothing about other customers' addresses.
   */
  async remove(customerId: string, addressId: string): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.lockCustomer(customerId, manager);
      const repo = manager.getRepository(Address);
      const address = await repo.findOne({ where: { id: addressId, customer_id: customerId } });
      if (address) await repo.softDelete({ id: addressId });
    });
  }

  private async lockCustomer(customerId: string, manager: EntityManager): Promise<void> {
    const customer = await manager.getRepository(Customer).findOne({ select: { id: true }, where: { id: customerId }, lock: { mode: 'pessimistic_write' } });
    if (!customer) throw ApiError.notFound(`Customer with id: ${customerId} was not found`);
  }
}

/**
 * Sets a customer's billing address inside the caller's transaction, as Medusa does: `null`
 * removes it (the customer no longer has one); an address id makes that address the billing
 * address (only one of the customer's own: a saved address or the current billing address,
 * otherwise 404); an object updates the current billing address, or creates one.
 */
export async function setBillingAddress(customer: Customer, address: AddressInput | string | null, manager: EntityManager): Promise<void> {
  if (address === null) {
    customer.billing_address_id = null;
    return;
  }
  const repo = manager.getRepository(Address);
  if (typeof address === 'string') {
    const own = address === customer.billing_address_id || (await repo.exists({ where: { id: address, customer_id: customer.id } }));
    if (!own) throw ApiError.notFound(`Address with id ${address} was not found`);
    customer.billing_address_id = address;
    return;
  }
  const current = customer.billing_address_id ? await repo.findOne({ where: { id: customer.billing_address_id } }) : null;
  if (current) {
    await repo.save(Object.assign(current, normalized(address)));
    return;
  }
  const created = await repo.save(repo.create({ ...normalized(address), customer_id: null }));
  customer.billing_address_id = created.id;
}
