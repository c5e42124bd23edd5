import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger of order mails sent (confirmations, gift-card codes): one anonymous checkout
 * could mail one message per gift card unit to any address; the mail module now counts
 * each order mail here, per order and per recipient per hour, under a per-recipient
 * advisory lock, so the bounds hold across instances. Kept one day.
 */
export class OrderMailSend1795400200000 implements MigrationInterface {
  name = 'OrderMailSend1795400200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "order_mail_send" ("message_key" character varying NOT NULL, "recipient_key" character varying NOT NULL, "order_id" character varying NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_order_mail_send" PRIMARY KEY ("message_key"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_order_mail_send_recipient" ON "order_mail_send" ("recipient_key", "sent_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_order_mail_send_order" ON "order_mail_send" ("order_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_order_mail_send_sent_at" ON "order_mail_send" ("sent_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_mail_send"`);
  }
}
