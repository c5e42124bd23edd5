import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Medusa v1's tax rates and their overrides (issue 44): a rate of a region applies, instead
 * of the region's rate, to the products, product types and shipping options attached to it
 * (the three join tables; the tax calculation reads them by their target column, each
 * indexed). Not soft-deletable: Medusa deletes rates for good, the joins cascade. The join
 * tables keep only the pair (Medusa's also have timestamps and metadata, which no route
 * shows).
 */
const TAX_TABLES = ['tax_rate', 'product_tax_rate', 'product_type_tax_rate', 'shipping_tax_rate'];

export class TaxRates1795401100002 implements MigrationInterface {
  name = 'TaxRates1795401100002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "tax_rate" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "rate" real, "code" character varying, "name" character varying NOT NULL, "region_id" character varying NOT NULL, "metadata" jsonb, CONSTRAINT "PK_23b71b53f650c0b39e99ccef4fd" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_tax_rate_region_id" ON "tax_rate"  ("region_id")');
    await queryRunner.query(
      'CREATE TABLE "product_tax_rate" ("rate_id" character varying NOT NULL, "product_id" character varying NOT NULL, CONSTRAINT "PK_326257ce468df46cd5c8c5922e9" PRIMARY KEY ("rate_id", "product_id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_2484cf14c437a04586b07e7ddd" ON "product_tax_rate"  ("rate_id")');
    await queryRunner.query('CREATE INDEX "IDX_1d04aebeabb6a89f87e536a124" ON "product_tax_rate"  ("product_id")');
    await queryRunner.query(
      'CREATE TABLE "product_type_tax_rate" ("rate_id" character varying NOT NULL, "product_type_id" character varying NOT NULL, CONSTRAINT "PK_ddc9242de1d99bc7674969289f0" PRIMARY KEY ("rate_id", "product_type_id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_ece65a774192b34253abc4cd67" ON "product_type_tax_rate"  ("rate_id")');
    await queryRunner.query('CREATE INDEX "IDX_25a3138bb236f63d9bb6c8ff11" ON "product_type_tax_rate"  ("product_type_id")');
    await queryRunner.query(
      'CREATE TABLE "shipping_tax_rate" ("rate_id" character varying NOT NULL, "shipping_option_id" character varying NOT NULL, CONSTRAINT "PK_bcd93b14d7e2695365d383f5eae" PRIMARY KEY ("rate_id", "shipping_option_id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_346e0016cf045b998074774764" ON "shipping_tax_rate"  ("rate_id")');
    await queryRunner.query('CREATE INDEX "IDX_f672727ab020df6c50fb64c1a7" ON "shipping_tax_rate"  ("shipping_option_id")');
    await queryRunner.query(
      'ALTER TABLE "tax_rate" ADD CONSTRAINT "FK_b95a1e03b051993d208366cb960" FOREIGN KEY ("region_id") REFERENCES "region"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "product_tax_rate" ADD CONSTRAINT "FK_2484cf14c437a04586b07e7dddb" FOREIGN KEY ("rate_id") REFERENCES "tax_rate"("id") ON DELETE CASCADE ON UPDATE CASCADE',
    );
    await queryRunner.query(
      'ALTER TABLE "product_tax_rate" ADD CONSTRAINT "FK_1d04aebeabb6a89f87e536a124d" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE',
    );
    await queryRunner.query(
      'ALTER TABLE "product_type_tax_rate" ADD CONSTRAINT "FK_ece65a774192b34253abc4cd672" FOREIGN KEY ("rate_id") REFERENCES "tax_rate"("id") ON DELETE CASCADE ON UPDATE CASCADE',
    );
    await queryRunner.query(
      'ALTER TABLE "product_type_tax_rate" ADD CONSTRAINT "FK_25a3138bb236f63d9bb6c8ff111" FOREIGN KEY ("product_type_id") REFERENCES "product_type"("id") ON DELETE CASCADE ON UPDATE CASCADE',
    );
    await queryRunner.query(
      'ALTER TABLE "shipping_tax_rate" ADD CONSTRAINT "FK_346e0016cf045b9980747747645" FOREIGN KEY ("rate_id") REFERENCES "tax_rate"("id") ON DELETE CASCADE ON UPDATE CASCADE',
    );
    await queryRunner.query(
      'ALTER TABLE "shipping_tax_rate" ADD CONSTRAINT "FK_f672727ab020df6c50fb64c1a70" FOREIGN KEY ("shipping_option_id") REFERENCES "shipping_option"("id") ON DELETE CASCADE ON UPDATE CASCADE',
    );
    // Cart and catalogue answers are priced with these rates: their changes are announced like the tables those caches read.
    for (const table of TAX_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "table_changed_notify"()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['shipping_tax_rate', 'product_type_tax_rate', 'product_tax_rate', 'tax_rate']) await queryRunner.query(`DROP TABLE "${table}"`);
  }
}
