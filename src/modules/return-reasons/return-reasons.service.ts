import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { AdminPostReturnReasonsReasonReq, AdminPostReturnReasonsReq } from './dto/admin-return-reasons.dto';
import { RETURN_REASON_RELATIONS } from './return-reason-lists';
import { ReturnReason } from './return-reason.entity';

/**
 * Return reasons as Medusa v1 keeps them: one level of nesting, `value` unique among live
 * reasons (the partial index answers Medusa's 422), soft delete cascading to the children.
 * Medusa emits no event for them, so neither does this.
 */
@Injectable()
export class ReturnReasonsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /** The whole list of top-level reasons with their children (Medusa: no count, no page, no order). */
  list(): Promise<ReturnReason[]> {
    return this.dataSource.manager.getRepository(ReturnReason).find({
      where: { parent_return_reason_id: IsNull() },
      relations: RETURN_REASON_RELATIONS,
      order: { created_at: 'ASC', id: 'ASC' },
    });
  }

  async retrieve(id: string, manager: EntityManager = this.dataSource.manager): Promise<ReturnReason> {
    const reason = await manager.getRepository(ReturnReason).findOne({ where: { id }, relations: RETURN_REASON_RELATIONS });
    if (!reason) throw notFound(id);
    return reason;
  }

  async create(body: AdminPostReturnReasonsReq): Promise<ReturnReason> {
    return this.tx.run(async (manager) => {
      if (body.parent_return_reason_id != null) {
        // FOR SHARE: the parent's deletion (which takes its children with it) waits for this child.
        const parent = await this.lock(manager, body.parent_return_reason_id, 'pessimistic_read');
        if (parent.parent_return_reason_id) throw ApiError.invalid('Doubly nested return reasons is not supported');
      }
      const repo = manager.getRepository(ReturnReason);
      const reason = await repo.save(
        repo.create({
          value: body.value,
          label: body.label,
          description: body.description ?? null,
          parent_return_reason_id: body.parent_return_reason_id ?? null,
          metadata: body.metadata ?? null,
        }),
      );
      return this.retrieve(reason.id, manager);
    });
  }

  /** Label, value, description and metadata (replaced, not merged, as Medusa); the parent never changes. */
  async update(id: string, body: AdminPostReturnReasonsReasonReq): Promise<ReturnReason> {
    return this.tx.run(async (manager) => {
      const reason = await this.lock(manager, id, 'pessimistic_write');
      for (const key of ['label', 'value', 'description', 'metadata'] as const) if (body[key] !== undefined) Object.assign(reason, { [key]: body[key] });
      await manager.getRepository(ReturnReason).save(reason);
      return this.retrieve(id, manager);
    });
  }

  /** Soft-deletes the reason and its children (Medusa's cascade); an unknown id is a 404. */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.lock(manager, id, 'pessimistic_write');
      await manager
        .createQueryBuilder()
        .softDelete()
        .from(ReturnReason)
        .where('(id = :id OR parent_return_reason_id = :id) AND deleted_at IS NULL', { id })
        .execute();
    });
  }

  private async lock(manager: EntityManager, id: string, mode: 'pessimistic_read' | 'pessimistic_write'): Promise<ReturnReason> {
    const reason = await manager.getRepository(ReturnReason).findOne({ where: { id }, lock: { mode } });
    if (!reason) throw notFound(id);
    return reason;
  }
}

const notFound = (id: string) => ApiError.notFound(`Return Reason with id: ${id} was not found.`);
