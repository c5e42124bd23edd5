import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the lists and exports of a shop at scale (issue 32, measured on the bench's
 * scale data set: 1 000 000 customers and orders, 50 000 products, 100 000 gift cards,
 * 10 000 discounts, 20 000 draft orders).
 *
 * - `(created_at, id)`: every admin list's default order is `created_at DESC` (ties on
 *   id), and the CSV exports page through orders and products by the keyset
 *   `(created_at, id) < ($1, $2)`. Without them each page sorted the whole table: an order
 *   export page of 50 rows read all 1 000 000 orders (the export of N=100 had written 900
 *   of them after minutes), and the first page of /admin/customers read every customer.
 *   Partial (`deleted_at IS NULL`) on the soft-deletable tables, as their lists filter.
 * - Trigram GIN indexes on the codes that `q` searches with `ILIKE '%q%'` (gift cards,
 *   discounts), which a B-tree cannot serve: a sequential scan over every gift card
 *   otherwise.
 *
 * Built without CONCURRENTLY, as the other migrations (they run in a transaction): on a
 * shop that already holds millions of rows, run this migration in a quiet moment (it
 * holds a write lock on each table while its index builds, seconds per million rows).
 * The entities declare the indexes (the trigram ones with `synchronize: false`).
 */
export class ListOrderIndexes1795316800000 implements MigrationInterface {
  name = 'ListOrderIndexes1795316800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX "IDX_order_created_at_id" ON "order" ("created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_customer_created_at_id" ON "customer" ("created_at", "id") WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_product_created_at_id" ON "product" ("created_at", "id") WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_gift_card_created_at_id" ON "gift_card" ("created_at", "id") WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_discount_created_at_id" ON "discount" ("created_at", "id") WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_draft_order_created_at_id" ON "draft_order" ("created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_gift_card_code_trgm" ON "gift_card" USING gin ("code" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_discount_code_trgm" ON "discount" USING gin ("code" gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_discount_code_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_gift_card_code_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_draft_order_created_at_id"`);
    await queryRunner.query(`DROP INDEX "IDX_discount_created_at_id"`);
    await queryRunner.query(`DROP INDEX "IDX_gift_card_created_at_id"`);
    await queryRunner.query(`DROP INDEX "IDX_product_created_at_id"`);
    await queryRunner.query(`DROP INDEX "IDX_customer_created_at_id"`);
    await queryRunner.query(`DROP INDEX "IDX_order_created_at_id"`);
  }
}
