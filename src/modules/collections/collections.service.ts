import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, FindOptionsWhere, Not } from 'typeorm';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import type { DateComparisonOperator } from '../../common/query/find-params.dto';
import { ListSpec, runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { toRelations } from '../../common/query/relations';
import { moveProductsIntoCollection, takeProductsOutOfCollection } from '../products/products.repository';
import { kebabCase } from './kebab-case';
import { ProductCollection } from './product-collection.entity';
import { boundedJson } from '../../common/validation/stored-json-bounds';

export interface CollectionListFilters {
  q?: string;
  title?: string;
  handle?: string | string[];
  discount_condition_id?: string;
  created_at?: DateComparisonOperator;
  updated_at?: DateComparisonOperator;
  deleted_at?: DateComparisonOperator;
}

export interface CollectionInput {
  title?: string;
  handle?: string;
  metadata?: Record<string, unknown> | null;
}

@Injectable()
export class CollectionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /** A page of collections as the route's list spec says (ADMIN_COLLECTION_LIST, STORE_COLLECTION_LIST). */
  list(spec: ListSpec<ProductCollection>, filters: CollectionListFilters, config: FindConfig): Promise<[ProductCollection[], number]> {
    return runList(this.dataSource.manager, spec, { ...filters }, config);
  }

  /** The collection with that id and relations, as `manager` sees it; 404 otherwise. */
  async retrieve(id: string, relations: string[], manager: EntityManager): Promise<ProductCollection> {
    const collection = await manager
      .getRepository(ProductCollection)
      .findOne({ where: { id }, relations: toRelations(relations), relationLoadStrategy: 'query' });
    if (!collection) throw ApiError.notFound(`Product collection with id: ${id} was not found`);
    return collection;
  }

  /** retrieve() outside any transaction (what is committed). */
  retrieveCommitted(id: string, relations: string[] = []): Promise<ProductCollection> {
    return this.retrieve(id, relations, this.dataSource.manager);
  }

  /**
   * Creates a collection; an absent or empty handle becomes the kebab-case of the title
   * (only here: renaming never changes the handle). A handle taken by a live collection
   * is a 422 (the partial unique index decides, so concurrent creates cannot both win).
   * Runs in `transaction` when given, else in a transaction of its own.
   */
  async create(
    input: CollectionInput & { title: string },
    relations: string[] = [],
    // The seed keeps the ids of its file and writes in its own transaction.
    { id, transaction }: { id?: string; transaction?: EntityManager } = {},
  ): Promise<ProductCollection> {
    return this.tx.run(
      async (manager) => {
        const repo = manager.getRepository(ProductCollection);
        const collection = repo.create({
          id,
          title: input.title,
          handle: input.handle || kebabCase(input.title),
          metadata: boundedJson('metadata', input.metadata ?? null),
        });
        await this.assertHandleFree(collection.handle!, undefined, manager);
        await repo.save(collection);
        return this.retrieve(collection.id, relations, manager);
      },
      { manager: transaction },
    );
  }

  /** Updates title, handle and metadata (merged) under a row lock. */
  async update(id: string, input: CollectionInput, relations: string[] = []): Promise<ProductCollection> {
    return this.tx.run(async (manager) => {
      const collection = await this.lock(id, manager);
      if (input.title !== undefined) collection.title = input.title;
      if (input.handle !== undefined && input.handle !== collection.handle) {
        await this.assertHandleFree(input.handle, id, manager);
        collection.handle = input.handle;
      }
      if (input.metadata !== undefined) collection.metadata = mergeMetadata(collection.metadata, input.metadata);
      await manager.getRepository(ProductCollection).save(collection);
      return this.retrieve(id, relations, manager);
    });
  }

  /** Soft-deletes the collection; its products stay and leave the collection. */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.lock(id, manager);
      await takeProductsOutOfCollection(manager, id);
      await manager.getRepository(ProductCollection).softDelete({ id });
    });
  }

  /**
   * Moves the given products into the collection (out of any other). Ids that name no
   * live product are ignored, as in Medusa.
   */
  async addProducts(id: string, productIds: string[], relations: string[] = []): Promise<ProductCollection> {
    return this.tx.run(async (manager) => {
      await this.lock(id, manager);
      await moveProductsIntoCollection(manager, id, productIds);
      return this.retrieve(id, relations, manager);
    });
  }

  /** Takes the given products out of the collection; products elsewhere are untouched. */
  async removeProducts(id: string, productIds: string[]): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.lock(id, manager);
      await takeProductsOutOfCollection(manager, id, productIds);
    });
  }

  /** Friendly early check; the partial unique index still decides under concurrency. */
  private async assertHandleFree(handle: string, exceptId: string | undefined, manager: EntityManager): Promise<void> {
    const where: FindOptionsWhere<ProductCollection> = exceptId ? { handle, id: Not(exceptId) } : { handle };
    if (await manager.getRepository(ProductCollection).exists({ where })) {
      throw ApiError.duplicate(`Product_collection with handle ${handle} already exists.`);
    }
  }

  private async lock(id: string, manager: EntityManager): Promise<ProductCollection> {
    const collection = await manager.getRepository(ProductCollection).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!collection) throw ApiError.notFound(`Product collection with id: ${id} was not found`);
    return collection;
  }
}
