import { MigrationInterface, QueryRunner } from 'typeorm';
import { COUNTRIES } from '../reference-data/countries';
import { CURRENCIES } from '../reference-data/currencies';

/**
 * Data every deployment starts with: ISO currencies and countries, the store row, the
 * default sales channel, the default and gift-card shipping profiles, the built-in
 * payment providers (manual, test, system) and the manual fulfillment provider; plus the
 * session table connect-pg-simple uses.
 */
export class ReferenceData1795316470300 implements MigrationInterface {
  name = 'ReferenceData1795316470300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "session" ("sid" varchar NOT NULL COLLATE "default", "sess" json NOT NULL, "expire" timestamp(6) NOT NULL, CONSTRAINT "session_pkey" PRIMARY KEY ("sid"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_session_expire" ON "session" ("expire")`);

    const currencyValues = CURRENCIES.map((_, i) => `($${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`).join(', ');
    await queryRunner.query(
      `INSERT INTO "currency" ("code", "name", "symbol", "symbol_native", "rank") VALUES ${currencyValues}`,
      CURRENCIES.flatMap(([code, name, symbol, symbolNative], i) => [code, name, symbol, symbolNative, i]),
    );

    const countryValues = COUNTRIES.map((_, i) => `($${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`).join(', ');
    await queryRunner.query(
      `INSERT INTO "country" ("iso_2", "iso_3", "num_code", "name", "display_name") VALUES ${countryValues}`,
      COUNTRIES.flatMap((row) => [...row]),
    );

    await queryRunner.query(`INSERT INTO "sales_channel" ("id", "name", "description") VALUES ('sc_default', 'Default Sales Channel', 'Created by default')`);
    await queryRunner.query(
      `INSERT INTO "store" ("id", "name", "default_currency_code", "default_sales_channel_id") VALUES ('store_default', 'Medusa Store', 'usd', 'sc_default')`,
    );
    await queryRunner.query(`INSERT INTO "store_currencies" ("store_id", "currency_code") VALUES ('store_default', 'usd')`);
    await queryRunner.query(
      `INSERT INTO "shipping_profile" ("id", "name", "type") VALUES ('sp_default', 'Default Shipping Profile', 'default'), ('sp_gift_card', 'Gift Card Profile', 'gift_card')`,
    );
    await queryRunner.query(`INSERT INTO "payment_provider" ("id", "is_installed") VALUES ('manual', true), ('test', true), ('system', true)`);
    await queryRunner.query(`INSERT INTO "fulfillment_provider" ("id", "is_installed") VALUES ('manual', true)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "fulfillment_provider"`);
    await queryRunner.query(`DELETE FROM "payment_provider"`);
    await queryRunner.query(`DELETE FROM "shipping_profile"`);
    await queryRunner.query(`DELETE FROM "store_currencies"`);
    await queryRunner.query(`DELETE FROM "store"`);
    await queryRunner.query(`DELETE FROM "sales_channel"`);
    await queryRunner.query(`DELETE FROM "country"`);
    await queryRunner.query(`DELETE FROM "currency"`);
    await queryRunner.query(`DROP TABLE "session"`);
  }
}
