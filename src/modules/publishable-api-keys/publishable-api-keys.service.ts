import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { emitEvent } from '../events/outbox';
import { AdminGetPublishableApiKeysParams } from './dto/admin-publishable-api-keys.dto';
import { ADMIN_PUBLISHABLE_API_KEY_LIST } from './publishable-api-key-lists';
import { PublishableApiKey } from './publishable-api-key.entities';
import { keyChannels, linkKeyChannels, scopeOfKey, unlinkKeyChannels } from './publishable-api-keys.repository';

/** Publishable API keys as Medusa v1's admin keeps them, and the sales channels each one scopes the store to. */
@Injectable()
export class PublishableApiKeysService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  list(query: AdminGetPublishableApiKeysParams, config: FindConfig): Promise<[PublishableApiKey[], number]> {
    return runList(this.dataSource.manager, ADMIN_PUBLISHABLE_API_KEY_LIST, { ...query }, config);
  }

  async retrieve(id: string, manager: EntityManager = this.dataSource.manager): Promise<PublishableApiKey> {
    const key = await manager.getRepository(PublishableApiKey).findOne({ where: { id } });
    if (!key) throw ApiError.notFound(`Publishable key with id: ${id} was not found`);
    return key;
  }

  async create(title: string, userId: string | undefined): Promise<PublishableApiKey> {
    return this.tx.run(async (manager) => {
      const repo = manager.getRepository(PublishableApiKey);
      const key = await repo.save(repo.create({ title, created_by: userId ?? null, revoked_by: null, revoked_at: null }));
      // Medusa emits this before the row has its id ({ id: undefined }); here it carries the id (docs/medusa-differences.md).
      await emitEvent(manager, 'publishable_api_key.created', { id: key.id });
      return this.retrieve(key.id, manager);
    });
  }

  /** Renames a key, revoked or not. */
  async update(id: string, title: string | undefined): Promise<PublishableApiKey> {
    return this.tx.run(async (manager) => {
      await this.lock(manager, id);
      if (title !== undefined) await manager.getRepository(PublishableApiKey).update({ id }, { title });
      return this.retrieve(id, manager);
    });
  }

  /** Hard delete; an unknown key is a 404 (as Medusa). Its channel links stay, as Medusa's (no foreign key). */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.lock(manager, id);
      await manager.getRepository(PublishableApiKey).delete({ id });
    });
  }

  async revoke(id: string, userId: string | undefined): Promise<PublishableApiKey> {
    return this.tx.run(async (manager) => {
      const key = await this.lock(manager, id);
      if (key.revoked_at) throw ApiError.notAllowed('PublishableApiKey has already been revoked.');
      await manager.getRepository(PublishableApiKey).update({ id }, { revoked_at: new Date(), revoked_by: userId ?? null });
      await emitEvent(manager, 'publishable_api_key.revoked', { id });
      return this.retrieve(id, manager);
    });
  }

  /**
   * The sales channels an `x-publishable-api-key` header scopes the store to: undefined
   * without the header; [] (no restriction, as Medusa) for a key without channels. Unlike
   * Medusa, which reads only the links, an unknown or revoked key is refused (400).
   */
  async storeScope(header: string | string[] | undefined): Promise<string[] | undefined> {
    if (header === undefined) return undefined;
    const id = Array.isArray(header) ? header[0] : header;
    const key = await this.dataSource.getRepository(PublishableApiKey).findOne({ where: { id }, select: { id: true, revoked_at: true } });
    if (!key || key.revoked_at) throw ApiError.multiple([`The publishable API key ${id} is unknown or revoked.`]);
    return scopeOfKey(this.dataSource.manager, id);
  }

  async channels(id: string, q: string | undefined): Promise<Array<Record<string, unknown>>> {
    return keyChannels(this.dataSource.manager, id, q);
  }

  async addChannels(id: string, channelIds: string[]): Promise<PublishableApiKey> {
    return this.tx.run(async (manager) => {
      await this.lock(manager, id);
      await linkKeyChannels(manager, id, [...new Set(channelIds)]);
      return this.retrieve(id, manager);
    });
  }

  async removeChannels(id: string, channelIds: string[]): Promise<PublishableApiKey> {
    return this.tx.run(async (manager) => {
      await this.lock(manager, id);
      await unlinkKeyChannels(manager, id, channelIds);
      return this.retrieve(id, manager);
    });
  }

  private async lock(manager: EntityManager, id: string): Promise<PublishableApiKey> {
    const key = await manager.getRepository(PublishableApiKey).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!key) throw ApiError.notFound(`Publishable key with id: ${id} was not found`);
    return key;
  }
}
