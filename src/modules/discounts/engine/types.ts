/**
 * The rules engine's view of a discount and a cart: plain data, no entities, so the engine
 * can be unit-tested and called from any transaction.
 */
type EngineConditionType = 'products' | 'product_types' | 'product_collections' | 'product_tags' | 'customer_groups';

export interface EngineCondition {
  type: EngineConditionType;
  operator: 'in' | 'not_in';
  resource_ids: string[];
}

export interface EngineDiscount {
  id: string;
  /** Upper-case, as stored; used in error messages. */
  code: string;
  is_disabled: boolean;
  is_dynamic: boolean;
  starts_at: Date;
  ends_at: Date | null;
  /** ISO 8601 duration; for a dynamic discount the code expires this long after it became valid. */
  valid_duration: string | null;
  created_at: Date;
  usage_limit: number | null;
  usage_count: number;
  /** Where the code may be used; for a generated dynamic code, its parent's regions. */
  region_ids: string[];
  rule: {
    type: 'fixed' | 'percentage' | 'free_shipping';
    /** Percent (0..100) for percentage, minor units for fixed. */
    value: number;
    allocation: 'total' | 'item' | null;
    conditions: EngineCondition[];
  };
}

export interface EngineLineItem {
  id: string;
  /** Minor units. */
  unit_price: number;
  quantity: number;
  allow_discounts: boolean;
  is_giftcard: boolean;
  product_id: string | null;
  product_type_id: string | null;
  product_collection_id: string | null;
  product_tag_ids: string[];
}

export interface EngineContext {
  region_id: string;
  /** Groups of the cart's customer (empty without a customer). */
  customer_group_ids: string[];
  now: Date;
  /**
   * The cart's customer. `null` says the cart has no customer, which fails any
   * customer-group condition with Medusa's "only valid for specific customer" message.
   * Left undefined, the customer is judged by `customer_group_ids` alone.
   */
  customer_id?: string | null;
}

export interface LineAllocation {
  item_id: string;
  /** Integer minor units, 0 < amount <= the line's unit_price × quantity. */
  amount: number;
}
