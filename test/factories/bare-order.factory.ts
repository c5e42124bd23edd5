import { EntityManager } from 'typeorm';
import { generateEntityId } from '../../src/common/database/ids';
import { createCustomer } from './customer.factory';

/**
 * Minimal order rows (a guest customer, region and currency, nothing else) for tests that
 * only need real order ids to point at, such as the gift-card ledger. Plain SQL on the
 * NOT NULL columns, so it does not depend on how orders are built by checkout.
 */
export async function createBareOrders(manager: EntityManager, regionId: string, count: number): Promise<string[]> {
  const customer = await createCustomer(manager);
  const [{ currency_code }] = (await manager.query('SELECT currency_code FROM region WHERE id = $1', [regionId])) as Array<{ currency_code: string }>;
  const ids = Array.from({ length: count }, () => generateEntityId('order'));
  for (const id of ids) {
    await manager.query('INSERT INTO "order" (id, customer_id, email, region_id, currency_code) VALUES ($1, $2, $3, $4, $5)', [
      id,
      customer.id,
      customer.email,
      regionId,
      currency_code,
    ]);
  }
  return ids;
}
