import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `order_id` indexes of line_item and shipping_method leave out the rows with no order
 * (those of open carts). Every cart write looks up the cart's rows with
 * `cart_id = $1 AND order_id IS NULL`. A full `order_id` index also serves `IS NULL`, and
 * when the statistics were taken while nearly every row belonged to an order (a store with
 * its order history and few open carts, or right after a bulk load), the planner believes
 * `order_id IS NULL` matches almost nothing and walks that index instead of `cart_id`'s:
 * through every open cart's rows, on every write. Measured with 15 000 open cart lines:
 * 3.7 ms for the line lookup of one add-to-cart instead of 0.05 ms, growing with the number
 * of open carts. Lookups by an order (`order_id = $1`) imply NOT NULL and use the
 * partial index as before.
 */
export class OrderIdIndexesWithoutCartRows1795316620000 implements MigrationInterface {
  name = 'OrderIdIndexesWithoutCartRows1795316620000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_line_item_order_id"`);
    await queryRunner.query(`CREATE INDEX "IDX_line_item_order_id" ON "line_item" ("order_id") WHERE order_id IS NOT NULL`);
    await queryRunner.query(`DROP INDEX "public"."IDX_shipping_method_order_id"`);
    await queryRunner.query(`CREATE INDEX "IDX_shipping_method_order_id" ON "shipping_method" ("order_id") WHERE order_id IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_shipping_method_order_id"`);
    await queryRunner.query(`CREATE INDEX "IDX_shipping_method_order_id" ON "shipping_method" ("order_id")`);
    await queryRunner.query(`DROP INDEX "public"."IDX_line_item_order_id"`);
    await queryRunner.query(`CREATE INDEX "IDX_line_item_order_id" ON "line_item" ("order_id")`);
  }
}
