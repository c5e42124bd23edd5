import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Carts, line items (adjustments, tax lines), shipping methods (tax lines), payment
 * sessions, payments, orders and idempotency keys; plus the foreign keys from gift cards
 * and gift-card transactions to the orders they belong to (the gift-cards migration
 * runs before the order table exists).
 */
export class CartsAndOrders1795316500000 implements MigrationInterface {
  name = 'CartsAndOrders1795316500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_key" ("id" character varying NOT NULL, "idempotency_key" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "locked_at" TIMESTAMP WITH TIME ZONE, "request_method" character varying, "request_params" jsonb, "request_path" character varying, "response_code" integer, "response_body" jsonb, "recovery_point" character varying NOT NULL DEFAULT 'started', CONSTRAINT "PK_213f125e14469be304f9ff1d452" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_idempotency_key_unique" ON "idempotency_key"  ("idempotency_key") `);
    await queryRunner.query(
      `CREATE TABLE "cart" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "email" character varying, "billing_address_id" character varying, "shipping_address_id" character varying, "region_id" character varying NOT NULL, "customer_id" character varying, "payment_id" character varying, "type" character varying NOT NULL DEFAULT 'default', "completed_at" TIMESTAMP WITH TIME ZONE, "payment_authorized_at" TIMESTAMP WITH TIME ZONE, "idempotency_key" character varying, "context" jsonb, "sales_channel_id" character varying, "metadata" jsonb, CONSTRAINT "PK_c524ec48751b9b5bcfbf6e59be7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_cart_billing_address_id" ON "cart"  ("billing_address_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_cart_shipping_address_id" ON "cart"  ("shipping_address_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_cart_region_id" ON "cart"  ("region_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_cart_customer_id" ON "cart"  ("customer_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_cart_payment_id_unique" ON "cart"  ("payment_id") WHERE payment_id IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_cart_sales_channel_id" ON "cart"  ("sales_channel_id") `);
    await queryRunner.query(
      `CREATE TABLE "line_item_adjustment" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "item_id" character varying NOT NULL, "description" character varying NOT NULL, "discount_id" character varying, "amount" numeric NOT NULL, "metadata" jsonb, CONSTRAINT "PK_2b1360103753df2dc8257c2c8c3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_line_item_adjustment_item_id" ON "line_item_adjustment"  ("item_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_line_item_adjustment_discount_id" ON "line_item_adjustment"  ("discount_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_line_item_adjustment_discount_item_unique" ON "line_item_adjustment"  ("discount_id", "item_id") WHERE discount_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "line_item_tax_line" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "rate" real NOT NULL, "name" character varying NOT NULL, "code" character varying, "item_id" character varying NOT NULL, "metadata" jsonb, CONSTRAINT "PK_4a0f4322fcd5ce4af85727f89a8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_line_item_tax_line_item_id" ON "line_item_tax_line"  ("item_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_line_item_tax_line_item_code_unique" ON "line_item_tax_line"  ("item_id", "code") `);
    await queryRunner.query(
      `CREATE TABLE "line_item" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "cart_id" character varying, "order_id" character varying, "original_item_id" character varying, "title" character varying NOT NULL, "description" character varying, "thumbnail" character varying, "is_return" boolean NOT NULL DEFAULT false, "is_giftcard" boolean NOT NULL DEFAULT false, "should_merge" boolean NOT NULL DEFAULT true, "allow_discounts" boolean NOT NULL DEFAULT true, "has_shipping" boolean, "unit_price" integer NOT NULL, "variant_id" character varying, "quantity" integer NOT NULL, "fulfilled_quantity" integer, "returned_quantity" integer, "shipped_quantity" integer, "includes_tax" boolean NOT NULL DEFAULT false, "metadata" jsonb, CONSTRAINT "CHK_line_item_unit_price_non_negative" CHECK (unit_price >= 0), CONSTRAINT "CHK_line_item_quantity_positive" CHECK (quantity > 0), CONSTRAINT "PK_cce6b13e67fa506d1d9618ac68b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_line_item_cart_id" ON "line_item"  ("cart_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_line_item_order_id" ON "line_item"  ("order_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_line_item_variant_id" ON "line_item"  ("variant_id") `);
    await queryRunner.query(
      `CREATE TABLE "order" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "status" character varying NOT NULL DEFAULT 'pending', "fulfillment_status" character varying NOT NULL DEFAULT 'not_fulfilled', "payment_status" character varying NOT NULL DEFAULT 'not_paid', "display_id" SERIAL NOT NULL, "cart_id" character varying, "customer_id" character varying NOT NULL, "email" character varying NOT NULL, "billing_address_id" character varying, "shipping_address_id" character varying, "region_id" character varying NOT NULL, "currency_code" character varying NOT NULL, "tax_rate" real, "draft_order_id" character varying, "sales_channel_id" character varying, "canceled_at" TIMESTAMP WITH TIME ZONE, "no_notification" boolean, "idempotency_key" character varying, "external_id" character varying, "metadata" jsonb, "subtotal" integer NOT NULL DEFAULT '0', "discount_total" integer NOT NULL DEFAULT '0', "shipping_total" integer NOT NULL DEFAULT '0', "shipping_tax_total" integer NOT NULL DEFAULT '0', "item_tax_total" integer NOT NULL DEFAULT '0', "tax_total" integer NOT NULL DEFAULT '0', "gift_card_total" integer NOT NULL DEFAULT '0', "gift_card_tax_total" integer NOT NULL DEFAULT '0', "total" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_1031171c13130102495201e3e20" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_order_display_id" ON "order"  ("display_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_order_customer_id" ON "order"  ("customer_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_order_region_id" ON "order"  ("region_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_order_currency_code" ON "order"  ("currency_code") `);
    await queryRunner.query(`CREATE INDEX "IDX_order_draft_order_id" ON "order"  ("draft_order_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_order_sales_channel_id" ON "order"  ("sales_channel_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_order_cart_id_unique" ON "order"  ("cart_id") WHERE cart_id IS NOT NULL`);
    await queryRunner.query(
      `CREATE TABLE "payment_session" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "cart_id" character varying NOT NULL, "provider_id" character varying NOT NULL, "is_selected" boolean, "is_initiated" boolean NOT NULL DEFAULT false, "status" character varying NOT NULL, "data" jsonb NOT NULL DEFAULT '{}', "idempotency_key" character varying, "amount" integer, "payment_authorized_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_a1a91b20f7f3b1e5afb5485cbcd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_payment_session_cart_id" ON "payment_session"  ("cart_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_payment_session_provider_id" ON "payment_session"  ("provider_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_payment_session_cart_selected_unique" ON "payment_session"  ("cart_id") WHERE is_selected IS TRUE`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_payment_session_cart_provider_unique" ON "payment_session"  ("cart_id", "provider_id") `);
    await queryRunner.query(
      `CREATE TABLE "payment" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "cart_id" character varying, "order_id" character varying, "amount" integer NOT NULL, "currency_code" character varying NOT NULL, "amount_refunded" integer NOT NULL DEFAULT '0', "provider_id" character varying NOT NULL, "data" jsonb NOT NULL DEFAULT '{}', "captured_at" TIMESTAMP WITH TIME ZONE, "canceled_at" TIMESTAMP WITH TIME ZONE, "idempotency_key" character varying, "metadata" jsonb, CONSTRAINT "CHK_payment_refund_within_amount" CHECK (amount_refunded >= 0 AND amount_refunded <= amount), CONSTRAINT "CHK_payment_amount_non_negative" CHECK (amount >= 0), CONSTRAINT "PK_fcaec7df5adf9cac408c686b2ab" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_payment_cart_id" ON "payment"  ("cart_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_payment_order_id" ON "payment"  ("order_id") `);
    await queryRunner.query(
      `CREATE TABLE "shipping_method" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "shipping_option_id" character varying NOT NULL, "order_id" character varying, "cart_id" character varying, "price" integer NOT NULL, "data" jsonb NOT NULL DEFAULT '{}', "includes_tax" boolean NOT NULL DEFAULT false, CONSTRAINT "CHK_shipping_method_price_non_negative" CHECK (price >= 0), CONSTRAINT "PK_b9b0adfad3c6b99229c1e7d4865" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_shipping_method_shipping_option_id" ON "shipping_method"  ("shipping_option_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_shipping_method_order_id" ON "shipping_method"  ("order_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_shipping_method_cart_id" ON "shipping_method"  ("cart_id") `);
    await queryRunner.query(
      `CREATE TABLE "shipping_method_tax_line" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "rate" real NOT NULL, "name" character varying NOT NULL, "code" character varying, "shipping_method_id" character varying NOT NULL, "metadata" jsonb, CONSTRAINT "PK_54c94f5908aacbd51cf0a73edb1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_shipping_method_tax_line_method_id" ON "shipping_method_tax_line"  ("shipping_method_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_shipping_method_tax_line_method_code_unique" ON "shipping_method_tax_line"  ("shipping_method_id", "code") `,
    );
    await queryRunner.query(
      `CREATE TABLE "cart_discounts" ("cart_id" character varying NOT NULL, "discount_id" character varying NOT NULL, CONSTRAINT "PK_10bd412c9071ccc0cf555afd9bb" PRIMARY KEY ("cart_id", "discount_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_6680319ebe1f46d18f106191d5" ON "cart_discounts"  ("cart_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_8df75ef4f35f217768dc113545" ON "cart_discounts"  ("discount_id") `);
    await queryRunner.query(
      `CREATE TABLE "cart_gift_cards" ("cart_id" character varying NOT NULL, "gift_card_id" character varying NOT NULL, CONSTRAINT "PK_2389be82bf0ef3635e2014c9ef1" PRIMARY KEY ("cart_id", "gift_card_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_d38047a90f3d42f0be7909e8ae" ON "cart_gift_cards"  ("cart_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_0fb38b6d167793192bc126d835" ON "cart_gift_cards"  ("gift_card_id") `);
    await queryRunner.query(
      `CREATE TABLE "order_discounts" ("order_id" character varying NOT NULL, "discount_id" character varying NOT NULL, CONSTRAINT "PK_a7418714ffceebc125bf6d8fcfe" PRIMARY KEY ("order_id", "discount_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_e7b488cebe333f449398769b2c" ON "order_discounts"  ("order_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_0fc1ec4e3db9001ad60c19daf1" ON "order_discounts"  ("discount_id") `);
    await queryRunner.query(
      `CREATE TABLE "order_gift_cards" ("order_id" character varying NOT NULL, "gift_card_id" character varying NOT NULL, CONSTRAINT "PK_49a8ec66a6625d7c2e3526e05b4" PRIMARY KEY ("order_id", "gift_card_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_e62ff11e4730bb3adfead979ee" ON "order_gift_cards"  ("order_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_f2bb9f71e95b315eb24b2b84cb" ON "order_gift_cards"  ("gift_card_id") `);
    await queryRunner.query(
      `ALTER TABLE "cart" ADD CONSTRAINT "FK_cart_billing_address_id" FOREIGN KEY ("billing_address_id") REFERENCES "address"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart" ADD CONSTRAINT "FK_cart_shipping_address_id" FOREIGN KEY ("shipping_address_id") REFERENCES "address"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart" ADD CONSTRAINT "FK_cart_region_id" FOREIGN KEY ("region_id") REFERENCES "region"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart" ADD CONSTRAINT "FK_cart_customer_id" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart" ADD CONSTRAINT "FK_cart_payment_id" FOREIGN KEY ("payment_id") REFERENCES "payment"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart" ADD CONSTRAINT "FK_cart_sales_channel_id" FOREIGN KEY ("sales_channel_id") REFERENCES "sales_channel"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_item_adjustment" ADD CONSTRAINT "FK_line_item_adjustment_item_id" FOREIGN KEY ("item_id") REFERENCES "line_item"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_item_adjustment" ADD CONSTRAINT "FK_line_item_adjustment_discount_id" FOREIGN KEY ("discount_id") REFERENCES "discount"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_item_tax_line" ADD CONSTRAINT "FK_line_item_tax_line_item_id" FOREIGN KEY ("item_id") REFERENCES "line_item"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_item" ADD CONSTRAINT "FK_line_item_cart_id" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_item" ADD CONSTRAINT "FK_line_item_order_id" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_item" ADD CONSTRAINT "FK_line_item_variant_id" FOREIGN KEY ("variant_id") REFERENCES "product_variant"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order" ADD CONSTRAINT "FK_order_cart_id" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order" ADD CONSTRAINT "FK_order_customer_id" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order" ADD CONSTRAINT "FK_order_billing_address_id" FOREIGN KEY ("billing_address_id") REFERENCES "address"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order" ADD CONSTRAINT "FK_order_shipping_address_id" FOREIGN KEY ("shipping_address_id") REFERENCES "address"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order" ADD CONSTRAINT "FK_order_region_id" FOREIGN KEY ("region_id") REFERENCES "region"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order" ADD CONSTRAINT "FK_order_currency_code" FOREIGN KEY ("currency_code") REFERENCES "currency"("code") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order" ADD CONSTRAINT "FK_order_sales_channel_id" FOREIGN KEY ("sales_channel_id") REFERENCES "sales_channel"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment_session" ADD CONSTRAINT "FK_payment_session_cart_id" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment_session" ADD CONSTRAINT "FK_payment_session_provider_id" FOREIGN KEY ("provider_id") REFERENCES "payment_provider"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment" ADD CONSTRAINT "FK_payment_cart_id" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment" ADD CONSTRAINT "FK_payment_order_id" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment" ADD CONSTRAINT "FK_payment_currency_code" FOREIGN KEY ("currency_code") REFERENCES "currency"("code") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment" ADD CONSTRAINT "FK_payment_provider_id" FOREIGN KEY ("provider_id") REFERENCES "payment_provider"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipping_method" ADD CONSTRAINT "FK_shipping_method_shipping_option_id" FOREIGN KEY ("shipping_option_id") REFERENCES "shipping_option"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipping_method" ADD CONSTRAINT "FK_shipping_method_order_id" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipping_method" ADD CONSTRAINT "FK_shipping_method_cart_id" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shipping_method_tax_line" ADD CONSTRAINT "FK_shipping_method_tax_line_method_id" FOREIGN KEY ("shipping_method_id") REFERENCES "shipping_method"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart_discounts" ADD CONSTRAINT "FK_cart_discounts_cart_id" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart_discounts" ADD CONSTRAINT "FK_cart_discounts_discount_id" FOREIGN KEY ("discount_id") REFERENCES "discount"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart_gift_cards" ADD CONSTRAINT "FK_cart_gift_cards_cart_id" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart_gift_cards" ADD CONSTRAINT "FK_cart_gift_cards_gift_card_id" FOREIGN KEY ("gift_card_id") REFERENCES "gift_card"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_discounts" ADD CONSTRAINT "FK_order_discounts_order_id" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_discounts" ADD CONSTRAINT "FK_order_discounts_discount_id" FOREIGN KEY ("discount_id") REFERENCES "discount"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_gift_cards" ADD CONSTRAINT "FK_order_gift_cards_order_id" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_gift_cards" ADD CONSTRAINT "FK_order_gift_cards_gift_card_id" FOREIGN KEY ("gift_card_id") REFERENCES "gift_card"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "gift_card" ADD CONSTRAINT "FK_gift_card_order_id" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "gift_card_transaction" ADD CONSTRAINT "FK_gift_card_transaction_order_id" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "gift_card_transaction" DROP CONSTRAINT "FK_gift_card_transaction_order_id"`);
    await queryRunner.query(`ALTER TABLE "gift_card" DROP CONSTRAINT "FK_gift_card_order_id"`);
    await queryRunner.query(`ALTER TABLE "order_gift_cards" DROP CONSTRAINT "FK_order_gift_cards_gift_card_id"`);
    await queryRunner.query(`ALTER TABLE "order_gift_cards" DROP CONSTRAINT "FK_order_gift_cards_order_id"`);
    await queryRunner.query(`ALTER TABLE "order_discounts" DROP CONSTRAINT "FK_order_discounts_discount_id"`);
    await queryRunner.query(`ALTER TABLE "order_discounts" DROP CONSTRAINT "FK_order_discounts_order_id"`);
    await queryRunner.query(`ALTER TABLE "cart_gift_cards" DROP CONSTRAINT "FK_cart_gift_cards_gift_card_id"`);
    await queryRunner.query(`ALTER TABLE "cart_gift_cards" DROP CONSTRAINT "FK_cart_gift_cards_cart_id"`);
    await queryRunner.query(`ALTER TABLE "cart_discounts" DROP CONSTRAINT "FK_cart_discounts_discount_id"`);
    await queryRunner.query(`ALTER TABLE "cart_discounts" DROP CONSTRAINT "FK_cart_discounts_cart_id"`);
    await queryRunner.query(`ALTER TABLE "shipping_method_tax_line" DROP CONSTRAINT "FK_shipping_method_tax_line_method_id"`);
    await queryRunner.query(`ALTER TABLE "shipping_method" DROP CONSTRAINT "FK_shipping_method_cart_id"`);
    await queryRunner.query(`ALTER TABLE "shipping_method" DROP CONSTRAINT "FK_shipping_method_order_id"`);
    await queryRunner.query(`ALTER TABLE "shipping_method" DROP CONSTRAINT "FK_shipping_method_shipping_option_id"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP CONSTRAINT "FK_payment_provider_id"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP CONSTRAINT "FK_payment_currency_code"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP CONSTRAINT "FK_payment_order_id"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP CONSTRAINT "FK_payment_cart_id"`);
    await queryRunner.query(`ALTER TABLE "payment_session" DROP CONSTRAINT "FK_payment_session_provider_id"`);
    await queryRunner.query(`ALTER TABLE "payment_session" DROP CONSTRAINT "FK_payment_session_cart_id"`);
    await queryRunner.query(`ALTER TABLE "order" DROP CONSTRAINT "FK_order_sales_channel_id"`);
    await queryRunner.query(`ALTER TABLE "order" DROP CONSTRAINT "FK_order_currency_code"`);
    await queryRunner.query(`ALTER TABLE "order" DROP CONSTRAINT "FK_order_region_id"`);
    await queryRunner.query(`ALTER TABLE "order" DROP CONSTRAINT "FK_order_shipping_address_id"`);
    await queryRunner.query(`ALTER TABLE "order" DROP CONSTRAINT "FK_order_billing_address_id"`);
    await queryRunner.query(`ALTER TABLE "order" DROP CONSTRAINT "FK_order_customer_id"`);
    await queryRunner.query(`ALTER TABLE "order" DROP CONSTRAINT "FK_order_cart_id"`);
    await queryRunner.query(`ALTER TABLE "line_item" DROP CONSTRAINT "FK_line_item_variant_id"`);
    await queryRunner.query(`ALTER TABLE "line_item" DROP CONSTRAINT "FK_line_item_order_id"`);
    await queryRunner.query(`ALTER TABLE "line_item" DROP CONSTRAINT "FK_line_item_cart_id"`);
    await queryRunner.query(`ALTER TABLE "line_item_tax_line" DROP CONSTRAINT "FK_line_item_tax_line_item_id"`);
    await queryRunner.query(`ALTER TABLE "line_item_adjustment" DROP CONSTRAINT "FK_line_item_adjustment_discount_id"`);
    await queryRunner.query(`ALTER TABLE "line_item_adjustment" DROP CONSTRAINT "FK_line_item_adjustment_item_id"`);
    await queryRunner.query(`ALTER TABLE "cart" DROP CONSTRAINT "FK_cart_sales_channel_id"`);
    await queryRunner.query(`ALTER TABLE "cart" DROP CONSTRAINT "FK_cart_payment_id"`);
    await queryRunner.query(`ALTER TABLE "cart" DROP CONSTRAINT "FK_cart_customer_id"`);
    await queryRunner.query(`ALTER TABLE "cart" DROP CONSTRAINT "FK_cart_region_id"`);
    await queryRunner.query(`ALTER TABLE "cart" DROP CONSTRAINT "FK_cart_shipping_address_id"`);
    await queryRunner.query(`ALTER TABLE "cart" DROP CONSTRAINT "FK_cart_billing_address_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f2bb9f71e95b315eb24b2b84cb"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e62ff11e4730bb3adfead979ee"`);
    await queryRunner.query(`DROP TABLE "order_gift_cards"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0fc1ec4e3db9001ad60c19daf1"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e7b488cebe333f449398769b2c"`);
    await queryRunner.query(`DROP TABLE "order_discounts"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0fb38b6d167793192bc126d835"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d38047a90f3d42f0be7909e8ae"`);
    await queryRunner.query(`DROP TABLE "cart_gift_cards"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8df75ef4f35f217768dc113545"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6680319ebe1f46d18f106191d5"`);
    await queryRunner.query(`DROP TABLE "cart_discounts"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_shipping_method_tax_line_method_code_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_shipping_method_tax_line_method_id"`);
    await queryRunner.query(`DROP TABLE "shipping_method_tax_line"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_shipping_method_cart_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_shipping_method_order_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_shipping_method_shipping_option_id"`);
    await queryRunner.query(`DROP TABLE "shipping_method"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_payment_order_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_payment_cart_id"`);
    await queryRunner.query(`DROP TABLE "payment"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_payment_session_cart_provider_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_payment_session_cart_selected_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_payment_session_provider_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_payment_session_cart_id"`);
    await queryRunner.query(`DROP TABLE "payment_session"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_order_cart_id_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_order_sales_channel_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_order_draft_order_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_order_currency_code"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_order_region_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_order_customer_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_order_display_id"`);
    await queryRunner.query(`DROP TABLE "order"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_line_item_variant_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_line_item_order_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_line_item_cart_id"`);
    await queryRunner.query(`DROP TABLE "line_item"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_line_item_tax_line_item_code_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_line_item_tax_line_item_id"`);
    await queryRunner.query(`DROP TABLE "line_item_tax_line"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_line_item_adjustment_discount_item_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_line_item_adjustment_discount_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_line_item_adjustment_item_id"`);
    await queryRunner.query(`DROP TABLE "line_item_adjustment"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cart_sales_channel_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cart_payment_id_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cart_customer_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cart_region_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cart_shipping_address_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cart_billing_address_id"`);
    await queryRunner.query(`DROP TABLE "cart"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_idempotency_key_unique"`);
    await queryRunner.query(`DROP TABLE "idempotency_key"`);
  }
}
