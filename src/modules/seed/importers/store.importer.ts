import { Injectable } from '@nestjs/common';
import { StoreSettingsService } from '../../store-settings/store-settings.service';
import { SeedContext, seedEntryError } from '../seed-context';
import { SeedStore } from '../seed-file.schema';

/**
 * `store`: adds the listed currencies to the store (it never removes one, so running a
 * file twice, or after an admin added a currency, changes nothing), and sets the name,
 * default currency and metadata when given.
 */
@Injectable()
export class StoreImporter {
  constructor(private readonly storeSettings: StoreSettingsService) {}

  async import(entry: SeedStore | undefined, ctx: SeedContext): Promise<void> {
    if (!entry) return;
    const store = await this.storeSettings.retrieve(ctx.manager);
    const current = new Set((store.currencies ?? []).map((c) => c.code));
    for (const [i, code] of (entry.currencies ?? []).entries()) {
      const lower = await ctx.currency(code, `store.currencies[${i}]`);
      if (current.has(lower)) continue;
      await this.storeSettings.addCurrency(store.id, lower, ctx.manager);
      current.add(lower);
      ctx.created('store_currencies');
    }

    const update: { name?: string; metadata?: Record<string, unknown> | null; default_currency_code?: string } = {};
    if (entry.name !== undefined) update.name = entry.name;
    if (entry.metadata !== undefined) update.metadata = entry.metadata;
    if (entry.default_currency_code !== undefined) {
      const code = await ctx.currency(entry.default_currency_code, 'store.default_currency_code');
      if (!current.has(code)) seedEntryError('store.default_currency_code', `"${code}" must be one of the store's currencies (add it to store.currencies)`);
      update.default_currency_code = code;
    }
    await this.storeSettings.setFields(store.id, update, ctx.manager);
  }
}
