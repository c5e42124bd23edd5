import { randomBytes } from 'crypto';
import { EntityManager } from 'typeorm';
import { CustomerGroup } from '../../src/modules/customer-groups/customer-group.entity';

export interface CustomerGroupSpec extends Partial<Omit<CustomerGroup, 'customers'>> {
  customer_ids?: string[];
}

/** A customer group with a unique name, optionally with members. */
export async function createCustomerGroup(manager: EntityManager, spec: CustomerGroupSpec = {}): Promise<CustomerGroup> {
  const { customer_ids = [], ...fields } = spec;
  const repo = manager.getRepository(CustomerGroup);
  const group = await repo.save(repo.create({ name: `Group ${randomBytes(4).toString('hex')}`, metadata: null, ...(fields as Partial<CustomerGroup>) }));
  for (const customerId of customer_ids) {
    await manager.query('INSERT INTO customer_group_customers (customer_id, customer_group_id) VALUES ($1, $2)', [customerId, group.id]);
  }
  return group;
}
