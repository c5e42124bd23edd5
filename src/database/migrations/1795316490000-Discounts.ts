import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discounts: discount, discount_rule, discount_condition, the condition resource join
 * tables and discount_regions. The statements are written to be re-runnable (IF NOT
 * EXISTS, constraints added only when absent), which costs nothing and lets a database
 * that was migrated by a development build of this migration set catch up safely.
 */
export class Discounts1795316490000 implements MigrationInterface {
  name = 'Discounts1795316490000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "discount_condition" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "type" character varying NOT NULL, "operator" character varying NOT NULL, "discount_rule_id" character varying NOT NULL, "metadata" jsonb, CONSTRAINT "CHK_discount_condition_operator" CHECK (operator IN ('in', 'not_in')), CONSTRAINT "CHK_discount_condition_type" CHECK (type IN ('products', 'product_types', 'product_collections', 'product_tags', 'customer_groups')), CONSTRAINT "PK_e6b81d83133ddc21a2baf2e2204" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "discount_rule" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "description" character varying, "type" character varying NOT NULL, "value" integer NOT NULL, "allocation" character varying, "metadata" jsonb, CONSTRAINT "CHK_discount_rule_value" CHECK (value >= 0 AND (type <> 'percentage' OR value <= 100)), CONSTRAINT "CHK_discount_rule_allocation" CHECK (allocation IS NULL OR allocation IN ('total', 'item')), CONSTRAINT "CHK_discount_rule_type" CHECK (type IN ('fixed', 'percentage', 'free_shipping')), CONSTRAINT "PK_ac2c280de3701b2d66f6817f760" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "discount" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "code" character varying NOT NULL, "is_dynamic" boolean NOT NULL DEFAULT false, "rule_id" character varying, "is_disabled" boolean NOT NULL DEFAULT false, "parent_discount_id" character varying, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "ends_at" TIMESTAMP WITH TIME ZONE, "valid_duration" character varying, "usage_limit" integer, "usage_count" integer NOT NULL DEFAULT '0', "metadata" jsonb, CONSTRAINT "CHK_discount_usage_within_limit" CHECK (usage_limit IS NULL OR usage_count <= usage_limit), CONSTRAINT "PK_d05d8712e429673e459e7f1cddb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "discount_condition_product" ("condition_id" character varying NOT NULL, "product_id" character varying NOT NULL, CONSTRAINT "PK_994eb4529fdbf14450d64ec17e8" PRIMARY KEY ("condition_id", "product_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "discount_condition_product_type" ("condition_id" character varying NOT NULL, "product_type_id" character varying NOT NULL, CONSTRAINT "PK_35d538a5a24399d0df978df12ed" PRIMARY KEY ("condition_id", "product_type_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "discount_condition_product_collection" ("condition_id" character varying NOT NULL, "product_collection_id" character varying NOT NULL, CONSTRAINT "PK_b3508fc787aa4a38705866cbb6d" PRIMARY KEY ("condition_id", "product_collection_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "discount_condition_product_tag" ("condition_id" character varying NOT NULL, "product_tag_id" character varying NOT NULL, CONSTRAINT "PK_a95382c1e62205b121aa058682b" PRIMARY KEY ("condition_id", "product_tag_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "discount_condition_customer_group" ("condition_id" character varying NOT NULL, "customer_group_id" character varying NOT NULL, CONSTRAINT "PK_cdc8b2277169a16b8b7d4c73e0e" PRIMARY KEY ("condition_id", "customer_group_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "discount_regions" ("discount_id" character varying NOT NULL, "region_id" character varying NOT NULL, CONSTRAINT "PK_15974566a8b6e04a7c754e85b75" PRIMARY KEY ("discount_id", "region_id"))`,
    );
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_discount_condition_rule_id" ON "discount_condition"  ("discount_rule_id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_discount_condition_type_operator_rule_unique" ON "discount_condition"  ("type", "operator", "discount_rule_id")`,
    );
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_discount_rule_id" ON "discount"  ("rule_id")`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_discount_parent_discount_id" ON "discount"  ("parent_discount_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_discount_code_unique" ON "discount"  ("code") WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_f05132301e95bdab4ba1cf29a2" ON "discount_condition_product"  ("condition_id")`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_c759f53b2e48e8cfb50638fe4e" ON "discount_condition_product"  ("product_id")`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_6ef23ce0b1d9cf9b5b833e52b9" ON "discount_condition_product_type"  ("condition_id")`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_e706deb68f52ab2756119b9e70" ON "discount_condition_product_type"  ("product_type_id")`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_a1c4f9cfb599ad1f0db39cadd5" ON "discount_condition_product_collection"  ("condition_id")`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_a0b05dc4257abe639cb75f8eae" ON "discount_condition_product_collection"  ("product_collection_id")`,
    );
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_fbb2499551ed074526f3ee3624" ON "discount_condition_product_tag"  ("condition_id")`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_01486cc9dc6b36bf658685535f" ON "discount_condition_product_tag"  ("product_tag_id")`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_8486ee16e69013c645d0b8716b" ON "discount_condition_customer_group"  ("condition_id")`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_4d5f98645a67545d8dea42e2eb" ON "discount_condition_customer_group"  ("customer_group_id")`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_f4194aa81073f3fab8aa86906f" ON "discount_regions"  ("discount_id")`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_a21a7ffbe420d492eb46c305fe" ON "discount_regions"  ("region_id")`);
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition',
      'FK_efff700651718e452ca9580a624',
      `FOREIGN KEY ("discount_rule_id") REFERENCES "discount_rule"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount',
      'FK_ac2c280de3701b2d66f6817f760',
      `FOREIGN KEY ("rule_id") REFERENCES "discount_rule"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount',
      'FK_2250c5d9e975987ab212f61a663',
      `FOREIGN KEY ("parent_discount_id") REFERENCES "discount"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition_product',
      'FK_f05132301e95bdab4ba1cf29a24',
      `FOREIGN KEY ("condition_id") REFERENCES "discount_condition"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition_product',
      'FK_c759f53b2e48e8cfb50638fe4e0',
      `FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition_product_type',
      'FK_6ef23ce0b1d9cf9b5b833e52b9d',
      `FOREIGN KEY ("condition_id") REFERENCES "discount_condition"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition_product_type',
      'FK_e706deb68f52ab2756119b9e704',
      `FOREIGN KEY ("product_type_id") REFERENCES "product_type"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition_product_collection',
      'FK_a1c4f9cfb599ad1f0db39cadd5f',
      `FOREIGN KEY ("condition_id") REFERENCES "discount_condition"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition_product_collection',
      'FK_a0b05dc4257abe639cb75f8eae2',
      `FOREIGN KEY ("product_collection_id") REFERENCES "product_collection"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition_product_tag',
      'FK_fbb2499551ed074526f3ee36241',
      `FOREIGN KEY ("condition_id") REFERENCES "discount_condition"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition_product_tag',
      'FK_01486cc9dc6b36bf658685535f6',
      `FOREIGN KEY ("product_tag_id") REFERENCES "product_tag"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition_customer_group',
      'FK_8486ee16e69013c645d0b8716b6',
      `FOREIGN KEY ("condition_id") REFERENCES "discount_condition"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_condition_customer_group',
      'FK_4d5f98645a67545d8dea42e2eb8',
      `FOREIGN KEY ("customer_group_id") REFERENCES "customer_group"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_regions',
      'FK_f4194aa81073f3fab8aa86906ff',
      `FOREIGN KEY ("discount_id") REFERENCES "discount"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await addConstraintIfMissing(
      queryRunner,
      'discount_regions',
      'FK_a21a7ffbe420d492eb46c305fec',
      `FOREIGN KEY ("region_id") REFERENCES "region"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "discount_regions" DROP CONSTRAINT IF EXISTS "FK_a21a7ffbe420d492eb46c305fec"`);
    await queryRunner.query(`ALTER TABLE "discount_regions" DROP CONSTRAINT IF EXISTS "FK_f4194aa81073f3fab8aa86906ff"`);
    await queryRunner.query(`ALTER TABLE "discount_condition_customer_group" DROP CONSTRAINT IF EXISTS "FK_4d5f98645a67545d8dea42e2eb8"`);
    await queryRunner.query(`ALTER TABLE "discount_condition_customer_group" DROP CONSTRAINT IF EXISTS "FK_8486ee16e69013c645d0b8716b6"`);
    await queryRunner.query(`ALTER TABLE "discount_condition_product_tag" DROP CONSTRAINT IF EXISTS "FK_01486cc9dc6b36bf658685535f6"`);
    await queryRunner.query(`ALTER TABLE "discount_condition_product_tag" DROP CONSTRAINT IF EXISTS "FK_fbb2499551ed074526f3ee36241"`);
    await queryRunner.query(`ALTER TABLE "discount_condition_product_collection" DROP CONSTRAINT IF EXISTS "FK_a0b05dc4257abe639cb75f8eae2"`);
    await queryRunner.query(`ALTER TABLE "discount_condition_product_collection" DROP CONSTRAINT IF EXISTS "FK_a1c4f9cfb599ad1f0db39cadd5f"`);
    await queryRunner.query(`ALTER TABLE "discount_condition_product_type" DROP CONSTRAINT IF EXISTS "FK_e706deb68f52ab2756119b9e704"`);
    await queryRunner.query(`ALTER TABLE "discount_condition_product_type" DROP CONSTRAINT IF EXISTS "FK_6ef23ce0b1d9cf9b5b833e52b9d"`);
    await queryRunner.query(`ALTER TABLE "discount_condition_product" DROP CONSTRAINT IF EXISTS "FK_c759f53b2e48e8cfb50638fe4e0"`);
    await queryRunner.query(`ALTER TABLE "discount_condition_product" DROP CONSTRAINT IF EXISTS "FK_f05132301e95bdab4ba1cf29a24"`);
    await queryRunner.query(`ALTER TABLE "discount" DROP CONSTRAINT IF EXISTS "FK_2250c5d9e975987ab212f61a663"`);
    await queryRunner.query(`ALTER TABLE "discount" DROP CONSTRAINT IF EXISTS "FK_ac2c280de3701b2d66f6817f760"`);
    await queryRunner.query(`ALTER TABLE "discount_condition" DROP CONSTRAINT IF EXISTS "FK_efff700651718e452ca9580a624"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "discount_regions"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "discount_condition_customer_group"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "discount_condition_product_tag"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "discount_condition_product_collection"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "discount_condition_product_type"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "discount_condition_product"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "discount"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "discount_condition"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "discount_rule"`);
  }
}

async function addConstraintIfMissing(queryRunner: QueryRunner, table: string, name: string, definition: string): Promise<void> {
  const existing = await queryRunner.query(`SELECT 1 FROM pg_constraint WHERE conname = $1`, [name]);
  if (existing.length === 0) await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "${name}" ${definition}`);
}
