import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Medusa v1 keeps a variant's `barcode`, `ean` and `upc` unique among live variants (as
 * `sku` already is here): the admin's variant writes are refused on a clash, and the
 * partial unique indexes decide when two writes race. NULLs (no code) never clash.
 */
export class VariantCodeUniqueness1795401000000 implements MigrationInterface {
  name = 'VariantCodeUniqueness1795401000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['barcode', 'ean', 'upc']) {
      await queryRunner.query(
        `CREATE UNIQUE INDEX "IDX_product_variant_${column}_unique" ON "product_variant" ("${column}") WHERE deleted_at IS NULL AND ${column} IS NOT NULL`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['barcode', 'ean', 'upc']) await queryRunner.query(`DROP INDEX "IDX_product_variant_${column}_unique"`);
  }
}
