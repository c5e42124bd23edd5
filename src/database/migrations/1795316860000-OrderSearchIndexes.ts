import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /admin/orders?q matches `%q%` (ILIKE) on the order's display id and email, its
 * shipping address's first name and its customer's names and phone. None of those had an
 * index a leading wildcard can use: at 1 000 000 orders each search walked every order and
 * scanned `address` and `customer` whole (88 654 buffers, 4.4 s on a loaded machine).
 * With trigram GIN indexes on each column, and `order.shipping_address_id` indexed so the
 * matching addresses lead to their orders, the search is a union of index scans (about
 * 700 buffers). Each order and address written pays the GIN entries (fastupdate: appended
 * to the pending list).
 */
export class OrderSearchIndexes1795316860000 implements MigrationInterface {
  name = 'OrderSearchIndexes1795316860000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX "IDX_order_email_trgm" ON "order" USING gin ("email" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_order_display_id_trgm" ON "order" USING gin (("display_id"::text) gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_order_shipping_address_id" ON "order" ("shipping_address_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_address_first_name_trgm" ON "address" USING gin ("first_name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_customer_phone_trgm" ON "customer" USING gin ("phone" gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_customer_phone_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_address_first_name_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_order_shipping_address_id"`);
    await queryRunner.query(`DROP INDEX "IDX_order_display_id_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_order_email_trgm"`);
  }
}
