import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Medusa v1's publishable API keys and their sales channels. The link table has no foreign
 * keys, as Medusa's: a channel id is stored as given and a deleted key leaves its links.
 * Both tables announce their changes on `table_changed`, so that a store answer scoped by a
 * key can be cached and is dropped when the key is revoked or its channels change.
 */
export class PublishableApiKeys1795401000100 implements MigrationInterface {
  name = 'PublishableApiKeys1795401000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "publishable_api_key" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "title" character varying NOT NULL, "created_by" character varying, "revoked_by" character varying, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_publishable_api_key" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "publishable_api_key_sales_channel" ("sales_channel_id" character varying NOT NULL, "publishable_key_id" character varying NOT NULL, "id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_publishable_api_key_sales_channel" PRIMARY KEY ("sales_channel_id", "publishable_key_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_publishable_api_key_sales_channel_key" ON "publishable_api_key_sales_channel" ("publishable_key_id")`);
    for (const table of ['publishable_api_key', 'publishable_api_key_sales_channel']) {
      await queryRunner.query(
        `CREATE TRIGGER "table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION table_changed_notify()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "publishable_api_key_sales_channel"`);
    await queryRunner.query(`DROP TABLE "publishable_api_key"`);
  }
}
