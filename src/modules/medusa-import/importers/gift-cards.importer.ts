import { isInteger, type ImportKind } from '../import-kind';

/** Gift cards with their balances, and the transactions that spent them. */
export const giftCardKinds: ImportKind[] = [
  {
    name: 'gift cards',
    target: 'gift_card',
    source: 'gift_card',
    key: ['id'],
    columns: [
      'id',
      'created_at',
      'updated_at',
      'deleted_at',
      'code',
      'value',
      'balance',
      'region_id',
      'order_id',
      'is_disabled',
      'ends_at',
      'tax_rate',
      'metadata',
    ],
    check: (row) =>
      !row.code
        ? 'code missing'
        : !isInteger(row.value) || !isInteger(row.balance)
          ? 'value or balance not an integer'
          : Number(row.balance) > Number(row.value) || Number(row.balance) < 0
            ? `balance ${String(row.balance)} outside 0..value ${String(row.value)}`
            : undefined,
  },
  {
    name: 'gift card transactions',
    target: 'gift_card_transaction',
    source: 'gift_card_transaction',
    key: ['id'],
    columns: ['id', 'gift_card_id', 'order_id', 'amount', 'created_at', 'is_taxable', 'tax_rate'],
  },
];
