import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Product categories as Medusa 1.20 has them: a tree of categories (materialized path in
 * `mpath`, siblings ordered by `rank`) and the many-to-many link to products. Both tables
 * announce their changes on the catalogue channel, because the cached store product
 * lists filter by category.
 */
export class ProductCategories1795316700230 implements MigrationInterface {
  name = 'ProductCategories1795316700230';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "product_category" (
        "id" character varying NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "name" text NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "handle" text NOT NULL,
        "mpath" text,
        "is_active" boolean NOT NULL DEFAULT false,
        "is_internal" boolean NOT NULL DEFAULT false,
        "parent_category_id" character varying,
        "rank" integer NOT NULL DEFAULT '0',
        "metadata" jsonb,
        CONSTRAINT "PK_0dce9bc93c2d2c399982d04bef1" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_product_category_parent_rank" UNIQUE NULLS NOT DISTINCT ("parent_category_id", "rank") DEFERRABLE INITIALLY IMMEDIATE,
        CONSTRAINT "CHK_product_category_rank" CHECK ("rank" >= 0)
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_product_category_parent_category_id" ON "product_category" ("parent_category_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_product_category_handle" ON "product_category" ("handle")`);
    await queryRunner.query(`CREATE INDEX "IDX_product_category_mpath" ON "product_category" ("mpath" text_pattern_ops)`);
    await queryRunner.query(
      `ALTER TABLE "product_category" ADD CONSTRAINT "FK_da9613eb01460b9c388f70500c9" FOREIGN KEY ("parent_category_id") REFERENCES "product_category"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`
      CREATE TABLE "product_category_product" (
        "product_category_id" character varying NOT NULL,
        "product_id" character varying NOT NULL,
        CONSTRAINT "PK_d3d6dadb64d3d4ee0eff4ecf27c" PRIMARY KEY ("product_category_id", "product_id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_e37baa220ea7386a33adc6b9be" ON "product_category_product" ("product_category_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_a26fce7eda0b28f34108deee2b" ON "product_category_product" ("product_id")`);
    await queryRunner.query(
      `ALTER TABLE "product_category_product" ADD CONSTRAINT "FK_e37baa220ea7386a33adc6b9be7" FOREIGN KEY ("product_category_id") REFERENCES "product_category"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "product_category_product" ADD CONSTRAINT "FK_a26fce7eda0b28f34108deee2b0" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    for (const table of ['product_category', 'product_category_product']) {
      await queryRunner.query(
        `CREATE TRIGGER "catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "product_category_product"`);
    await queryRunner.query(`DROP TABLE "product_category"`);
  }
}
