import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The store settings Medusa v1's `POST /admin/store` takes and `GET /admin/store` shows:
 * the swap, payment and invite link templates, and the default stock location (always
 * null here: there are no stock locations).
 */
export class StoreLinkTemplates1795316760000 implements MigrationInterface {
  name = 'StoreLinkTemplates1795316760000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "store" ADD "swap_link_template" character varying, ADD "payment_link_template" character varying,
       ADD "invite_link_template" character varying, ADD "default_location_id" character varying`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "store" DROP COLUMN "default_location_id", DROP COLUMN "invite_link_template", DROP COLUMN "payment_link_template", DROP COLUMN "swap_link_template"`,
    );
  }
}
