import type { ShippingOption } from './shipping-option.entity';
import { meetsRequirements } from './shipping-options.service';

const option = (requirements: Array<{ type: 'min_subtotal' | 'max_subtotal'; amount: number }>) => ({ requirements }) as unknown as ShippingOption;

describe('meetsRequirements (shipping option requirements, Medusa v1 semantics)', () => {
  it.each([
    [[], 0, true],
    [[{ type: 'min_subtotal', amount: 2000 }], 1999, false],
    [[{ type: 'min_subtotal', amount: 2000 }], 2000, true],
    [[{ type: 'max_subtotal', amount: 2000 }], 1999, true],
    [[{ type: 'max_subtotal', amount: 2000 }], 2000, false],
    [
      [
        { type: 'min_subtotal', amount: 1000 },
        { type: 'max_subtotal', amount: 3000 },
      ],
      2000,
      true,
    ],
    [
      [
        { type: 'min_subtotal', amount: 1000 },
        { type: 'max_subtotal', amount: 3000 },
      ],
      3000,
      false,
    ],
  ] as const)('requirements %j with subtotal %i -> %s', (requirements, subtotal, expected) => {
    expect(meetsRequirements(option([...requirements]), subtotal)).toBe(expected);
  });
});
