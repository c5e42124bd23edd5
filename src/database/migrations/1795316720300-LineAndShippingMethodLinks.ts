import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The columns Medusa v1's line items (claim_order_id, swap_id, order_edit_id) and shipping
 * methods (claim_order_id, swap_id, return_id) have and its response schemas require.
 * This service has no claims, swaps, returns or order edits, so they stay null.
 */
export class LineAndShippingMethodLinks1795316720300 implements MigrationInterface {
  name = 'LineAndShippingMethodLinks1795316720300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "line_item" ADD "claim_order_id" character varying, ADD "swap_id" character varying, ADD "order_edit_id" character varying`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipping_method" ADD "claim_order_id" character varying, ADD "swap_id" character varying, ADD "return_id" character varying`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shipping_method" DROP COLUMN "return_id", DROP COLUMN "swap_id", DROP COLUMN "claim_order_id"`);
    await queryRunner.query(`ALTER TABLE "line_item" DROP COLUMN "order_edit_id", DROP COLUMN "swap_id", DROP COLUMN "claim_order_id"`);
  }
}
