import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /store/products?q= (and the admin list's `q`) match `%q%` (ILIKE) on title,
 * description, handle and subtitle, OR-ed. A B-tree cannot serve a leading wildcard: at
 * 50 000 products every search read the whole table. With a trigram GIN index on each
 * column PostgreSQL ORs four bitmap index scans (a `q` of fewer than three characters
 * still reads the table: trigrams need three).
 */
export class ProductSearchTrigramIndexes1795316810000 implements MigrationInterface {
  name = 'ProductSearchTrigramIndexes1795316810000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX "IDX_product_title_trgm" ON "product" USING gin ("title" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_product_description_trgm" ON "product" USING gin ("description" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_product_handle_trgm" ON "product" USING gin ("handle" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_product_subtitle_trgm" ON "product" USING gin ("subtitle" gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_product_subtitle_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_product_handle_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_product_description_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_product_title_trgm"`);
  }
}
