import type { EntityManager } from 'typeorm';
import { customerEventData, eventFromRowSql, newEventId, storedEventData } from '../events/outbox';

/** What a cart needs of a guest customer. */
export interface GuestCustomer {
  id: string;
  email: string;
  has_account: false;
}

const FIND_GUEST_SQL = `SELECT id, email, has_account FROM customer WHERE email = $1 AND has_account = false AND deleted_at IS NULL LIMIT 1`;

/**
 * The insert runs only when no live guest row was found, and does nothing on the unique
 * (email, has_account) of live rows, so it returns no row when another transaction won.
 * A row it inserts records its `customer.created` (Medusa 1.20 emits it for a checkout's
 * guest) in the same statement; a row found, or lost to a concurrent insert, records none.
 */
const FIND_OR_CREATE_GUEST_SQL = `
  WITH found AS (${FIND_GUEST_SQL}),
       created AS (
         INSERT INTO customer (id, email, has_account)
         SELECT $2, $1, false WHERE NOT EXISTS (SELECT 1 FROM found)
         ON CONFLICT (email, has_account) WHERE deleted_at IS NULL DO NOTHING
         RETURNING id, email, has_account),
       event AS (${eventFromRowSql('customer.created', 'created', '$3', 'true', '$4::jsonb')})
  SELECT id, email, has_account FROM found UNION ALL SELECT id, email, has_account FROM created`;

/** The live guest row of a normalized email, or undefined. */
export async function findGuest(manager: EntityManager, email: string): Promise<GuestCustomer | undefined> {
  const [row]: GuestCustomer[] = await manager.query(FIND_GUEST_SQL, [email]);
  return row;
}

/** The live guest row of a normalized email, inserted with `newId` when there is none; undefined when a concurrent insert won. */
export async function findOrInsertGuest(manager: EntityManager, email: string, newId: string): Promise<GuestCustomer | undefined> {
  // The event's payload, as a new guest row has it (the fields every customer.created carries).
  const data = customerEventData({ id: newId, email, first_name: null, last_name: null, phone: null, has_account: false, metadata: null });
  const [row]: GuestCustomer[] = await manager.query(FIND_OR_CREATE_GUEST_SQL, [email, newId, newEventId(), storedEventData(data)]);
  return row;
}

/** Replaces the hash only while it is still `oldHash`, so a password changed meanwhile is never overwritten. */
export async function replacePasswordHashIfUnchanged(manager: EntityManager, customerId: string, oldHash: string, newHash: string): Promise<void> {
  await manager.query(`UPDATE customer SET password_hash = $1 WHERE id = $2 AND password_hash = $3`, [newHash, customerId, oldHash]);
}

/*
 * Group memberships (customer_group_customers, the join table of Customer.groups). The
 * customer-groups module changes memberships through these too.
 */

/** Makes `groupIds` the customer's groups, replacing all others. */
export async function replaceCustomerGroups(manager: EntityManager, customerId: string, groupIds: string[]): Promise<void> {
  await manager.query('DELETE FROM customer_group_customers WHERE customer_id = $1', [customerId]);
  if (groupIds.length === 0) return;
  await manager.query('INSERT INTO customer_group_customers (customer_id, customer_group_id) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING', [
    customerId,
    groupIds,
  ]);
}

/** Adds the customers to the group; members already in it stay as they are. */
export async function addGroupMembers(manager: EntityManager, groupId: string, customerIds: string[]): Promise<void> {
  await manager.query('INSERT INTO customer_group_customers (customer_group_id, customer_id) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING', [
    groupId,
    customerIds,
  ]);
}

/** Takes the customers out of the group; ids that are not members are ignored. */
export async function removeGroupMembers(manager: EntityManager, groupId: string, customerIds: string[]): Promise<void> {
  await manager.query('DELETE FROM customer_group_customers WHERE customer_group_id = $1 AND customer_id = ANY($2::varchar[])', [groupId, customerIds]);
}

/** Empties the group (its customers stay). */
export async function removeAllGroupMembers(manager: EntityManager, groupId: string): Promise<void> {
  await manager.query('DELETE FROM customer_group_customers WHERE customer_group_id = $1', [groupId]);
}

/** The customer's current token version (one primary-key read); undefined when it is deleted or never existed. */
export async function customerTokenVersion(manager: EntityManager, customerId: string): Promise<number | undefined> {
  const rows: Array<{ token_version: number }> = await manager.query(`SELECT token_version FROM customer WHERE id = $1 AND deleted_at IS NULL`, [customerId]);
  return rows[0]?.token_version;
}

/**
 * What decides whether a store JWT still identifies its customer: the current token version,
 * and the one token a password change kept (undefined when the customer is deleted).
 */
export async function liveStoreTokens(manager: EntityManager, customerId: string): Promise<{ version: number; keptTokenId: string | null } | undefined> {
  const rows: Array<{ token_version: number; kept_token_id: string | null }> = await manager.query(
    `SELECT token_version, kept_token_id FROM customer WHERE id = $1 AND deleted_at IS NULL`,
    [customerId],
  );
  return rows[0] && { version: rows[0].token_version, keptTokenId: rows[0].kept_token_id };
}

/** Ends the customer's store JWTs (the version goes up); every change also forgets the token the previous one kept. */
export async function bumpCustomerTokenVersion(manager: EntityManager, customerId: string): Promise<void> {
  await manager.query(`UPDATE customer SET token_version = token_version + 1, kept_token_id = NULL, updated_at = now() WHERE id = $1`, [customerId]);
}

/** The customer's group ids (what the engine's customer-group conditions test). */
export async function customerGroupIds(manager: EntityManager, customerId: string): Promise<string[]> {
  const rows: Array<{ customer_group_id: string }> = await manager.query('SELECT customer_group_id FROM customer_group_customers WHERE customer_id = $1', [
    customerId,
  ]);
  return rows.map((r) => r.customer_group_id);
}
