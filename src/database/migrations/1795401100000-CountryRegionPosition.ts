import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A region's countries keep the order they were given (issue 44): Medusa's storefront
 * preselects a region's first country, so a region created with `us, ca` must list the
 * US first. `country.region_position` is that order; regions that exist already keep
 * the order they were shown in until now (by country id).
 */
export class CountryRegionPosition1795401100000 implements MigrationInterface {
  name = 'CountryRegionPosition1795401100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "country" ADD "region_position" integer`);
    await queryRunner.query(
      `UPDATE "country" c SET "region_position" = p."position"
         FROM (SELECT "id", row_number() OVER (PARTITION BY "region_id" ORDER BY "id") - 1 AS "position" FROM "country" WHERE "region_id" IS NOT NULL) p
        WHERE c."id" = p."id"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "country" DROP COLUMN "region_position"`);
  }
}
