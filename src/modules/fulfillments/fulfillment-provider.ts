import { ApiError } from '../../common/errors/api-error';

/** A line of a fulfilment as the provider sees it. */
export interface FulfillmentLine {
  item_id: string;
  title: string;
  quantity: number;
}

/**
 * A fulfilment provider (Medusa v1's fulfillment service): it checks what a fulfilment
 * asks for, creates it at the carrier and cancels it. It owns no rows: the caller stores
 * what it returns as the fulfilment's `data`.
 */
export interface FulfillmentProviderPlugin {
  readonly id: string;
  /** Refuses (throws an ApiError) a fulfilment the provider cannot make. */
  validateFulfillment(lines: readonly FulfillmentLine[], optionData: Record<string, unknown>): void;
  createFulfillment(lines: readonly FulfillmentLine[], optionData: Record<string, unknown>): Promise<Record<string, unknown>>;
  cancelFulfillment(data: Record<string, unknown>): Promise<void>;
}

/**
 * Medusa's manual provider (medusa-fulfillment-manual): staff pack and ship by hand, so
 * nothing is sent anywhere; a fulfilment's data is `{}`. It refuses only what no parcel
 * can hold: a line without a positive whole quantity.
 */
class ManualFulfillmentProvider implements FulfillmentProviderPlugin {
  readonly id = 'manual';

  validateFulfillment(lines: readonly FulfillmentLine[]): void {
    for (const line of lines) {
      if (!Number.isInteger(line.quantity) || line.quantity < 1) throw ApiError.invalid(`Cannot fulfill ${line.quantity} of ${line.title}`);
    }
  }

  async createFulfillment(): Promise<Record<string, unknown>> {
    return {};
  }

  async cancelFulfillment(): Promise<void> {}
}

/** The fulfilment providers by id (`manual`, the one Medusa's default shops use). */
export class FulfillmentProviderRegistry {
  private readonly providers = new Map<string, FulfillmentProviderPlugin>([['manual', new ManualFulfillmentProvider()]]);

  get(id: string): FulfillmentProviderPlugin {
    const provider = this.providers.get(id);
    if (!provider) throw ApiError.notFound(`Could not find a fulfillment provider with id: ${id}`);
    return provider;
  }
}
