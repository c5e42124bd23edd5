import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { emitEvent } from '../events/outbox';
import { Note } from './note.entity';

const notFound = (id: string) => ApiError.notFound(`Note with id: ${id} was not found.`);

/**
 * Staff notes on any resource (Medusa 8.1): the dashboard shows an order's on its timeline.
 * Soft-deleted notes are gone for every read. Each write records its event (note.created,
 * note.updated, note.deleted) in its transaction.
 */
@Injectable()
export class NotesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
  ) {}

  /** A page of live notes, optionally of one resource, oldest first, each with its author. */
  list(filters: { resource_id?: string }, page: { skip: number; take: number }): Promise<[Note[], number]> {
    return this.dataSource.getRepository(Note).findAndCount({
      where: filters.resource_id !== undefined ? { resource_id: filters.resource_id } : {},
      relations: { author: true },
      order: { created_at: 'ASC', id: 'ASC' },
      skip: page.skip,
      take: page.take,
    });
  }

  async retrieve(id: string, withAuthor = true): Promise<Note> {
    const note = await this.dataSource.getRepository(Note).findOne({ where: { id }, relations: { author: withAuthor } });
    if (!note) throw notFound(id);
    return note;
  }

  /** No check that the resource exists (Medusa's behaviour). */
  async create(authorId: string, input: { resource_id: string; resource_type: string; value: string }): Promise<Note> {
    const id = generateEntityId(Note.idPrefix);
    await this.transactions.run(async (manager) => {
      await manager.getRepository(Note).insert({ id, ...input, author_id: authorId, metadata: {} } as never); // jsonb metadata defeats the deep-partial type
      await emitEvent(manager, 'note.created', { id });
    });
    return this.retrieve(id);
  }

  /** The note without its author, as Medusa answers an update. */
  async update(id: string, value: string): Promise<Note> {
    await this.transactions.run(async (manager) => {
      const result = await manager.getRepository(Note).update({ id }, { value });
      if (!result.affected) throw notFound(id);
      await emitEvent(manager, 'note.updated', { id });
    });
    return this.retrieve(id, false);
  }

  async delete(id: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const result = await manager.getRepository(Note).softDelete({ id });
      if (!result.affected) throw notFound(id);
      await emitEvent(manager, 'note.deleted', { id });
    });
  }
}
