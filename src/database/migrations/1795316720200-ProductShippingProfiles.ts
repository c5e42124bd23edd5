import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Medusa 1.20's many-to-many `product_shipping_profile` (Product.profiles), beside the
 * `profile_id` column this service reads everywhere (shipping options, has_shipping).
 * The join table is filled from `profile_id`, and a trigger keeps it equal to it on
 * every insert or change of a product, whoever writes it (this API, imports, the seed,
 * plain SQL), so the two never disagree. It is read by cached store product answers,
 * so it announces its changes like the other catalogue tables.
 */
export class ProductShippingProfiles1795316720200 implements MigrationInterface {
  name = 'ProductShippingProfiles1795316720200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "product_shipping_profile" ("product_id" character varying NOT NULL, "profile_id" character varying NOT NULL, CONSTRAINT "PK_b473298fff77f25bebe4e0fa71f" PRIMARY KEY ("product_id", "profile_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_29ede5f867f7fa0fd61916087b" ON "product_shipping_profile" ("product_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_0f12293f7df4a799e0798ddb64" ON "product_shipping_profile" ("profile_id")`);
    await queryRunner.query(
      `ALTER TABLE "product_shipping_profile" ADD CONSTRAINT "FK_29ede5f867f7fa0fd61916087b0" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "product_shipping_profile" ADD CONSTRAINT "FK_0f12293f7df4a799e0798ddb645" FOREIGN KEY ("profile_id") REFERENCES "shipping_profile"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `INSERT INTO "product_shipping_profile" ("product_id", "profile_id") SELECT "id", "profile_id" FROM "product" WHERE "profile_id" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "product_shipping_profile_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM "product_shipping_profile" WHERE "product_id" = NEW."id" AND "profile_id" IS DISTINCT FROM NEW."profile_id";
        IF NEW."profile_id" IS NOT NULL THEN
          INSERT INTO "product_shipping_profile" ("product_id", "profile_id") VALUES (NEW."id", NEW."profile_id") ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER "product_shipping_profile_sync" AFTER INSERT OR UPDATE OF "profile_id" ON "product" FOR EACH ROW EXECUTE FUNCTION "product_shipping_profile_sync"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_shipping_profile" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "catalogue_changed" ON "product_shipping_profile"`);
    await queryRunner.query(`DROP TRIGGER "product_shipping_profile_sync" ON "product"`);
    await queryRunner.query(`DROP FUNCTION "product_shipping_profile_sync"()`);
    await queryRunner.query(`DROP TABLE "product_shipping_profile"`);
  }
}
