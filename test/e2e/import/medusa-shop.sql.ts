/** Shaped as Medusa 1.20 signs its invite tokens (a JWT of the invite's id, email and role). */
export const MEDUSA_INVITE_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpbnZpdGVfaWQiOiJpbnZpdGVfMDFCT0IiLCJyb2xlIjoiZGV2ZWxvcGVyIiwidXNlcl9lbWFpbCI6ImJvYkBzaG9wLnRlc3QifQ.0RzEyxtq0Yq8bQ6i7k0vOZ2mNn8c6sYc8qjVQm9kV5E';

/**
 * A small shop as Medusa 1.20 stores it: what its admin and storefront APIs leave in its
 * tables. :admin_hash and :shopper_hash stand for password hashes in Medusa's scrypt format.
 */
export const MEDUSA_SHOP_SQL = `
INSERT INTO sales_channel (id, name, description, is_disabled) VALUES ('sc_shop', 'Web shop', 'The storefront', false);
INSERT INTO store (id, name, default_currency_code, default_sales_channel_id) VALUES ('store_01SHOP', 'Nordic Shirts', 'eur', 'sc_shop');
INSERT INTO store_currencies (store_id, currency_code) VALUES ('store_01SHOP', 'eur'), ('store_01SHOP', 'usd');
INSERT INTO payment_provider (id, is_installed) VALUES ('manual', true);
INSERT INTO fulfillment_provider (id, is_installed) VALUES ('manual', true);
INSERT INTO region (id, name, currency_code, tax_rate, gift_cards_taxable, automatic_taxes) VALUES ('reg_01EU', 'Nordics', 'eur', 25, true, true);
UPDATE country SET region_id = 'reg_01EU' WHERE iso_2 IN ('dk', 'se');
INSERT INTO region_payment_providers VALUES ('reg_01EU', 'manual');
INSERT INTO region_fulfillment_providers VALUES ('reg_01EU', 'manual');

INSERT INTO "user" (id, email, first_name, last_name, password_hash, api_token, role)
  VALUES ('usr_01ADA', 'ada@shop.test', 'Ada', 'Admin', :admin_hash, 'medusa-api-token-ada', 'admin');

INSERT INTO customer (id, email, first_name, last_name, password_hash, has_account, created_at)
  VALUES ('cus_01REG', 'shopper@shop.test', 'Sam', 'Shopper', :shopper_hash, true, '2024-03-01T10:00:00.123456Z'),
         ('cus_01GUEST', 'guest@shop.test', NULL, NULL, NULL, false, '2024-03-02T10:00:00Z');
INSERT INTO address (id, customer_id, first_name, last_name, address_1, city, country_code, postal_code)
  VALUES ('addr_01HOME', 'cus_01REG', 'Sam', 'Shopper', 'Strøget 1', 'København', 'dk', '1100');
UPDATE customer SET billing_address_id = 'addr_01HOME' WHERE id = 'cus_01REG';
INSERT INTO customer_group (id, name) VALUES ('cgrp_01VIP', 'VIP');
INSERT INTO customer_group_customers (customer_group_id, customer_id) VALUES ('cgrp_01VIP', 'cus_01REG');

INSERT INTO shipping_profile (id, name, type) VALUES ('sp_01DEFAULT', 'Default', 'default'), ('sp_01GIFT', 'Gift cards', 'gift_card');
INSERT INTO product_collection (id, title, handle) VALUES ('pcol_01BASICS', 'Basics', 'basics');
INSERT INTO product_type (id, value) VALUES ('ptyp_01SHIRT', 'Shirts');
INSERT INTO product_tag (id, value) VALUES ('ptag_01COTTON', 'cotton');
INSERT INTO image (id, url) VALUES ('img_01FRONT', 'https://img.shop.test/shirt-front.png');
INSERT INTO product (id, title, handle, status, is_giftcard, discountable, collection_id, type_id, thumbnail)
  VALUES ('prod_01SHIRT', 'Shirt', 'shirt', 'published', false, true, 'pcol_01BASICS', 'ptyp_01SHIRT', 'https://img.shop.test/shirt-front.png');
INSERT INTO product_shipping_profile (profile_id, product_id) VALUES ('sp_01DEFAULT', 'prod_01SHIRT');
INSERT INTO product_tags VALUES ('prod_01SHIRT', 'ptag_01COTTON');
INSERT INTO product_images VALUES ('prod_01SHIRT', 'img_01FRONT');
INSERT INTO product_sales_channel (product_id, sales_channel_id) VALUES ('prod_01SHIRT', 'sc_shop');
-- Ids sort children before parents; the two roots share rank 0, which Medusa allows.
INSERT INTO product_category (id, name, handle, parent_category_id, mpath, is_active, is_internal, rank, description) VALUES
  ('pcat_02WEAR', 'Wear', 'wear', NULL, 'pcat_02WEAR.', true, false, 0, 'Things to wear'),
  ('pcat_03GIFTS', 'Gifts', 'gifts', NULL, 'pcat_03GIFTS.', true, false, 0, ''),
  ('pcat_01TOPS', 'Tops', 'tops', 'pcat_02WEAR', 'pcat_02WEAR.pcat_01TOPS.', true, false, 0, ''),
  ('pcat_04KNITS', 'Knits', 'knits', 'pcat_02WEAR', 'pcat_02WEAR.pcat_04KNITS.', true, false, 1, '');
INSERT INTO product_category_product (product_category_id, product_id) VALUES ('pcat_01TOPS', 'prod_01SHIRT');
INSERT INTO product_option (id, title, product_id) VALUES ('opt_01SIZE', 'Size', 'prod_01SHIRT');
INSERT INTO product_variant (id, title, product_id, sku, inventory_quantity, allow_backorder, manage_inventory, variant_rank)
  VALUES ('variant_01M', 'M', 'prod_01SHIRT', 'SHIRT-M', 10, false, true, 0);
INSERT INTO product_option_value (id, value, option_id, variant_id) VALUES ('optval_01M', 'M', 'opt_01SIZE', 'variant_01M');
INSERT INTO price_list (id, name, description, type, status) VALUES ('pl_01SALE', 'Sale', 'Summer sale', 'sale', 'active');
INSERT INTO money_amount (id, currency_code, amount) VALUES ('ma_01EUR', 'eur', 2500), ('ma_01USD', 'usd', 2700);
INSERT INTO money_amount (id, currency_code, amount, price_list_id) VALUES ('ma_01SALE', 'eur', 1999, 'pl_01SALE');
INSERT INTO price_list_customer_groups (price_list_id, customer_group_id) VALUES ('pl_01SALE', 'cgrp_01VIP');
INSERT INTO product_variant_money_amount (id, money_amount_id, variant_id)
  VALUES ('pvma_01', 'ma_01EUR', 'variant_01M'), ('pvma_02', 'ma_01USD', 'variant_01M'), ('pvma_03', 'ma_01SALE', 'variant_01M');

-- The storefront's publishable key, scoped to the web shop.
INSERT INTO publishable_api_key (id, title, created_by) VALUES ('pk_01STOREFRONT', 'Storefront', 'usr_01ADA');
INSERT INTO publishable_api_key_sales_channel (id, publishable_key_id, sales_channel_id) VALUES ('pksc_01', 'pk_01STOREFRONT', 'sc_shop');

INSERT INTO shipping_option (id, name, region_id, profile_id, provider_id, price_type, amount, is_return, admin_only, data)
  VALUES ('so_01STD', 'Standard', 'reg_01EU', 'sp_01DEFAULT', 'manual', 'flat_rate', 500, false, false, '{"id": "manual-fulfillment"}');
INSERT INTO shipping_option_requirement (id, shipping_option_id, type, amount) VALUES ('sor_01MIN', 'so_01STD', 'min_subtotal', 1000);

-- A reduced rate overriding the region's for the shirt, its type and standard shipping.
INSERT INTO tax_rate (id, rate, code, name, region_id) VALUES ('txr_01REDUCED', 12.5, 'reduced', 'Reduced VAT', 'reg_01EU');
INSERT INTO product_tax_rate (product_id, rate_id) VALUES ('prod_01SHIRT', 'txr_01REDUCED');
INSERT INTO product_type_tax_rate (product_type_id, rate_id) VALUES ('ptyp_01SHIRT', 'txr_01REDUCED');
INSERT INTO shipping_tax_rate (shipping_option_id, rate_id) VALUES ('so_01STD', 'txr_01REDUCED');

-- An open invitation; Medusa keeps the token its mail carried (a JWT) in clear.
INSERT INTO invite (id, user_email, role, accepted, token, expires_at) VALUES ('invite_01BOB', 'bob@shop.test', 'developer', false, '${MEDUSA_INVITE_TOKEN}', now() + interval '7 days');

INSERT INTO discount_rule (id, description, type, value, allocation)
  VALUES ('dru_01TEN', '10% off shirts', 'percentage', 10, 'total'),
         ('dru_01FIX', '5 off', 'fixed', 500, 'total'),
         ('dru_01FREE', 'Free shipping', 'free_shipping', 0, 'total');
INSERT INTO discount (id, code, is_dynamic, rule_id, is_disabled, starts_at, usage_limit, usage_count)
  VALUES ('disc_01TEN', 'TEN', false, 'dru_01TEN', false, '2024-01-01T00:00:00Z', 100, 3),
         ('disc_01FREE', 'FREESHIP', false, 'dru_01FREE', false, '2024-01-01T00:00:00Z', NULL, 0);
INSERT INTO discount (id, code, is_dynamic, rule_id, is_disabled, starts_at, valid_duration, usage_count)
  VALUES ('disc_01DYN', 'WELCOME', true, 'dru_01FIX', false, '2024-01-01T00:00:00Z', 'P30D', 0);
INSERT INTO discount (id, code, is_dynamic, rule_id, is_disabled, parent_discount_id, starts_at, usage_count)
  VALUES ('disc_01DYNCODE', 'WELCOME-ABC', true, 'dru_01FIX', false, 'disc_01DYN', '2024-02-01T00:00:00Z', 1);
INSERT INTO discount_regions VALUES ('disc_01TEN', 'reg_01EU'), ('disc_01FREE', 'reg_01EU'), ('disc_01DYN', 'reg_01EU'), ('disc_01DYNCODE', 'reg_01EU');
INSERT INTO discount_condition (id, type, operator, discount_rule_id) VALUES ('discon_01PROD', 'products', 'in', 'dru_01TEN'),
  ('discon_01GRP', 'customer_groups', 'in', 'dru_01FIX');
INSERT INTO discount_condition_product VALUES ('prod_01SHIRT', 'discon_01PROD');
INSERT INTO discount_condition_customer_group (customer_group_id, condition_id) VALUES ('cgrp_01VIP', 'discon_01GRP');

-- A completed order, partly paid with a gift card.
INSERT INTO cart (id, email, region_id, customer_id, type, completed_at, shipping_address_id, billing_address_id, sales_channel_id)
  VALUES ('cart_01DONE', 'shopper@shop.test', 'reg_01EU', 'cus_01REG', 'default', '2024-04-01T12:00:00Z', 'addr_01HOME', 'addr_01HOME', 'sc_shop');
INSERT INTO "order" (id, status, fulfillment_status, payment_status, display_id, cart_id, customer_id, email, region_id, currency_code,
                     shipping_address_id, billing_address_id, sales_channel_id)
  VALUES ('order_01DONE', 'pending', 'not_fulfilled', 'captured', 41, 'cart_01DONE', 'cus_01REG', 'shopper@shop.test', 'reg_01EU', 'eur',
          'addr_01HOME', 'addr_01HOME', 'sc_shop');
INSERT INTO line_item (id, cart_id, order_id, title, unit_price, quantity, variant_id, is_giftcard, should_merge, allow_discounts, has_shipping, is_return)
  VALUES ('item_01DONE', 'cart_01DONE', 'order_01DONE', 'Shirt', 2500, 2, 'variant_01M', false, true, true, true, false);
INSERT INTO line_item_tax_line (id, rate, name, code, item_id) VALUES ('litl_01DONE', 25, 'VAT', 'vat', 'item_01DONE');
INSERT INTO shipping_method (id, shipping_option_id, order_id, cart_id, price, data) VALUES ('sm_01DONE', 'so_01STD', 'order_01DONE', 'cart_01DONE', 500, '{}');
INSERT INTO shipping_method_tax_line (id, rate, name, code, shipping_method_id) VALUES ('smtl_01DONE', 25, 'VAT', 'vat', 'sm_01DONE');
INSERT INTO payment (id, cart_id, order_id, amount, currency_code, amount_refunded, provider_id, data, captured_at)
  VALUES ('pay_01DONE', 'cart_01DONE', 'order_01DONE', 3875, 'eur', 0, 'manual', '{}', '2024-04-01T12:00:01Z');
UPDATE cart SET payment_id = 'pay_01DONE' WHERE id = 'cart_01DONE';
INSERT INTO gift_card (id, code, value, balance, region_id, is_disabled, tax_rate) VALUES ('gift_01HALF', 'GIFT-HALF-0001', 5000, 2000, 'reg_01EU', false, 25);
INSERT INTO gift_card_transaction (id, gift_card_id, order_id, amount, is_taxable, tax_rate) VALUES ('gct_01', 'gift_01HALF', 'order_01DONE', 3000, true, 25);
INSERT INTO order_gift_cards (order_id, gift_card_id) VALUES ('order_01DONE', 'gift_01HALF');
-- After checkout: one of the two shirts shipped with a tracking link, 10.00 refunded, a staff note.
INSERT INTO fulfillment (id, order_id, provider_id, data, tracking_numbers, shipped_at, created_at)
  VALUES ('ful_01HALF', 'order_01DONE', 'manual', '{}', '[]', '2024-04-02T09:00:00Z', '2024-04-02T08:00:00Z');
INSERT INTO fulfillment_item (fulfillment_id, item_id, quantity) VALUES ('ful_01HALF', 'item_01DONE', 1);
INSERT INTO tracking_link (id, fulfillment_id, tracking_number, url) VALUES ('tlink_01', 'ful_01HALF', 'PKG-0001', 'https://track.shop.test/PKG-0001');
UPDATE line_item SET fulfilled_quantity = 1, shipped_quantity = 1 WHERE id = 'item_01DONE';
UPDATE "order" SET fulfillment_status = 'partially_shipped', payment_status = 'partially_refunded' WHERE id = 'order_01DONE';
INSERT INTO refund (id, order_id, payment_id, amount, note, reason) VALUES ('ref_01', 'order_01DONE', 'pay_01DONE', 1000, 'Late delivery', 'other');
UPDATE payment SET amount_refunded = 1000 WHERE id = 'pay_01DONE';
INSERT INTO note (id, value, resource_type, resource_id, author_id) VALUES ('note_01', 'Customer called about delivery', 'order', 'order_01DONE', 'usr_01ADA');

-- An open cart with a code, a shipping method and a payment session.
INSERT INTO cart (id, email, region_id, customer_id, type, shipping_address_id, billing_address_id, sales_channel_id)
  VALUES ('cart_01OPEN', 'shopper@shop.test', 'reg_01EU', 'cus_01REG', 'default', 'addr_01HOME', 'addr_01HOME', 'sc_shop');
INSERT INTO line_item (id, cart_id, title, unit_price, quantity, variant_id, is_giftcard, should_merge, allow_discounts, has_shipping, is_return)
  VALUES ('item_01OPEN', 'cart_01OPEN', 'Shirt', 2500, 1, 'variant_01M', false, true, true, true, false);
INSERT INTO line_item_adjustment (id, item_id, description, discount_id, amount) VALUES ('lia_01OPEN', 'item_01OPEN', 'discount', 'disc_01TEN', 250);
INSERT INTO cart_discounts (cart_id, discount_id) VALUES ('cart_01OPEN', 'disc_01TEN');
INSERT INTO shipping_method (id, shipping_option_id, cart_id, price, data) VALUES ('sm_01OPEN', 'so_01STD', 'cart_01OPEN', 500, '{}');
INSERT INTO payment_session (id, cart_id, provider_id, is_selected, is_initiated, status, data, amount)
  VALUES ('ps_01OPEN', 'cart_01OPEN', 'manual', true, true, 'pending', '{}', 2750);

-- A swap's cart and line item: out of this service's scope.
INSERT INTO cart (id, region_id, type) VALUES ('cart_01SWAP', 'reg_01EU', 'swap');
INSERT INTO line_item (id, cart_id, title, unit_price, quantity, is_giftcard, should_merge, allow_discounts, has_shipping, is_return)
  VALUES ('item_01SWAP', 'cart_01SWAP', 'Shirt', 2500, 1, false, true, true, true, false);
INSERT INTO return_reason (id, value, label) VALUES ('rr_01', 'too_big', 'Too big');

INSERT INTO batch_job (id, type, created_by, context, result, dry_run, completed_at)
  VALUES ('batch_01EXPORT', 'product-export', 'usr_01ADA', '{}', '{"count": 1}', false, '2024-04-02T00:00:00Z');
`;
