import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { CategoriesImporter } from './importers/categories.importer';
import { CollectionsImporter } from './importers/collections.importer';
import { ProductsImporter } from './importers/products.importer';
import { RegionsImporter } from './importers/regions.importer';
import { ShippingOptionsImporter } from './importers/shipping-options.importer';
import { StoreImporter } from './importers/store.importer';
import { UsersImporter } from './importers/users.importer';
import { SeedContext, SeedEntryError, SeedSummary } from './seed-context';
import { ParsedSeedFile, parseSeedData, readSeedFile } from './seed-file.reader';
import { holdsShopData, lockSeedRuns } from './seed.repository';

/**
 * Loads data in Medusa v1's seed format (`medusa seed -f file.json`).
 * Invariants: the whole file is imported in one transaction, so a bad entry anywhere
 * writes nothing; entries that match rows already present (real id or natural key) are
 * left as they are, so running a file twice creates nothing twice. Migrations are the
 * caller's job (main.ts and the seed CLI run them first).
 */
@Injectable()
export class SeedService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly store: StoreImporter,
    private readonly users: UsersImporter,
    private readonly regions: RegionsImporter,
    private readonly shippingOptions: ShippingOptionsImporter,
    private readonly collections: CollectionsImporter,
    private readonly categories: CategoriesImporter,
    private readonly products: ProductsImporter,
  ) {}

  /** True when the database holds no user, region or product yet (deleted rows count), i.e. nothing to lose by seeding demo data. */
  async isEmpty(): Promise<boolean> {
    return !(await holdsShopData(this.dataSource.manager));
  }

  /** Reads, checks and imports a seed file. Throws ApiError(invalid_data) naming the bad entry. */
  async seedFromFile(path: string): Promise<SeedSummary> {
    return this.import(readSeedFile(path), path);
  }

  /** Same as seedFromFile for data already parsed from JSON. */
  async seed(raw: unknown, source = 'seed data'): Promise<SeedSummary> {
    return this.import(parseSeedData(raw, source), source);
  }

  private async import({ data, notices }: ParsedSeedFile, source: string): Promise<SeedSummary> {
    try {
      return await this.tx.run(async (manager) => {
        await lockSeedRuns(manager);
        const ctx = new SeedContext(manager, notices);
        // Order matters: regions need the store's currencies, shipping options and prices
        // refer to regions, products to collections and categories.
        await this.store.import(data.store, ctx);
        await this.users.import(data.users ?? [], ctx);
        await this.regions.import(data.regions ?? [], ctx);
        await this.shippingOptions.import(data.shipping_options ?? [], ctx);
        await this.collections.import(data.product_collections ?? [], ctx);
        await this.categories.import(data.categories ?? [], ctx);
        await this.products.import(data.products ?? [], ctx);
        return ctx.result();
      });
    } catch (err) {
      if (err instanceof SeedEntryError) throw ApiError.invalid(`Invalid seed file ${source}: ${err.message}`);
      throw err;
    }
  }
}
