import { randomBytes } from 'crypto';
import { EntityManager } from 'typeorm';
import { hashPassword } from '../../src/common/auth/password-hasher';
import { Customer } from '../../src/modules/customers/customer.entity';

/** Cheap scrypt parameters for tests; verification reads the parameters from the hash. */
const TEST_HASH_PARAMS = { logN: 4, r: 8, p: 1 };

export interface CustomerSpec extends Partial<Omit<Customer, 'groups' | 'password_hash'>> {
  /** Sets a password hash and makes the customer a registered account (unless has_account says otherwise). */
  password?: string;
  group_ids?: string[];
}

/** A customer: a guest by default, an account when given a password. */
export async function createCustomer(manager: EntityManager, spec: CustomerSpec = {}): Promise<Customer> {
  const { password, group_ids = [], ...fields } = spec;
  const repo = manager.getRepository(Customer);
  const customer = await repo.save(
    repo.create({
      email: `customer-${randomBytes(4).toString('hex')}@test.com`,
      first_name: 'Jane',
      last_name: 'Doe',
      has_account: password !== undefined,
      password_hash: password !== undefined ? await hashPassword(password, TEST_HASH_PARAMS) : null,
      ...(fields as Partial<Customer>),
    }),
  );
  for (const groupId of group_ids) {
    await manager.query('INSERT INTO customer_group_customers (customer_id, customer_group_id) VALUES ($1, $2)', [customer.id, groupId]);
  }
  return repo.findOneOrFail({ where: { id: customer.id } });
}
