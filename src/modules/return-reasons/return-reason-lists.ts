import type { FindOptionsRelations } from 'typeorm';
import type { ReturnReason } from './return-reason.entity';

/**
 * The relations every return reason answer carries, admin and store alike: Medusa v1 loads
 * both on its list and on a single reason, whatever the query says.
 *
 * Not a ListSpec: Medusa answers the whole list (top-level reasons only, no count, no
 * pagination, query ignored), as `/admin/apps` and the store's shipping options.
 */
export const RETURN_REASON_RELATIONS: FindOptionsRelations<ReturnReason> = { parent_return_reason: true, return_reason_children: true };
