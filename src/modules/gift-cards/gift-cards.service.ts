import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, QueryDeepPartialEntity } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import { ADMIN_GIFT_CARD_LIST, GIFT_CARD_DEFAULT_RELATIONS } from './gift-card-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { toRelations } from '../../common/query/relations';
import { RegionsService } from '../regions/regions.service';
import { AdminPostGiftCardsGiftCardReq, AdminPostGiftCardsReq } from './dto/admin-gift-cards.dto';
import { generateGiftCardCode, normalizeGiftCardCode } from './gift-card-code';
import { GiftCardTransaction } from './gift-card-transaction.entity';
import { GiftCard } from './gift-card.entity';
import { enableCardsPaidFor, firstCardsOfOrder, insertPurchasedCards, PurchasedCardsLine, PurchasedCardView } from './gift-cards.repository';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { emitEvent, emitEvents } from '../events/outbox';

export type NewGiftCardFields = Pick<GiftCard, 'value' | 'balance' | 'region_id' | 'order_id' | 'is_disabled' | 'ends_at' | 'tax_rate' | 'metadata'>;

/** Attempts at drawing an unused code; 36^16 codes make even a second attempt unlikely. */
const CODE_ATTEMPTS = 5;

/**
 * Medusa's Order entity carries `object: "order"` on every loaded row; a card's order
 * (only its own columns, as Medusa loads the relation) gets it too.
 */
function withOrderObject<T extends GiftCard>(card: T): T {
  if (card.order) Object.assign(card.order, { object: 'order' });
  return card;
}

function notFoundById(id: string): ApiError {
  return ApiError.notFound(`Gift card with id: ${id} was not found`);
}

@Injectable()
export class GiftCardsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly regions: RegionsService,
  ) {}

  /** Live (not soft-deleted) gift cards, one page (ADMIN_GIFT_CARD_LIST). */
  async list(filters: { q?: string }, config: FindConfig): Promise<[GiftCard[], number]> {
    const [cards, total] = await runList(this.dataSource.manager, ADMIN_GIFT_CARD_LIST, filters, config);
    return [cards.map(withOrderObject), total];
  }

  /** A live gift card by id, or 404. */
  /** The first `limit` live cards bought in an order, and their number in all (for the buyer's mail). */
  listBoughtInOrder(orderId: string, limit: number): Promise<{ cards: PurchasedCardView[]; total: number }> {
    return firstCardsOfOrder(this.dataSource.manager, orderId, limit);
  }

  async retrieve(id: string, relations: readonly string[] = GIFT_CARD_DEFAULT_RELATIONS, manager: EntityManager = this.dataSource.manager): Promise<GiftCard> {
    const card = await manager.getRepository(GiftCard).findOne({
      where: { id },
      relations: toRelations(relations),
      relationLoadStrategy: 'query',
    });
    if (!card) throw notFoundById(id);
    return withOrderObject(card);
  }

  /**
   * Creates a card in an existing region (404 otherwise) with balance = value and a fresh
   * server-generated code. The tax rate is the region's, or null when the region's gift
   * cards are not taxable, fixed at creation as Medusa does.
   */
  async create(input: AdminPostGiftCardsReq): Promise<GiftCard> {
    const region = await this.regions.retrieve(input.region_id);
    const value = input.value ?? 0;
    const id = await this.transactions.run(async (manager) => {
      const created = await this.insertWithUniqueCode(manager, {
        value,
        balance: value,
        region_id: region.id,
        order_id: null,
        is_disabled: input.is_disabled ?? false,
        ends_at: input.ends_at ?? null,
        tax_rate: region.gift_cards_taxable ? region.tax_rate : null,
        metadata: boundedJson('metadata', input.metadata ?? null),
      });
      await emitEvent(manager, 'gift_card.created', { id: created });
      return created;
    });
    return this.retrieve(id);
  }

  /**
   * Inserts with a random code, drawing again when the code is taken. `ON CONFLICT DO
   * NOTHING` (instead of catching the unique violation) keeps a surrounding transaction
   * usable, so this also works inside a caller's transaction.
   */
  async insertWithUniqueCode(manager: EntityManager, fields: NewGiftCardFields): Promise<string> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const id = generateEntityId(GiftCard.idPrefix);
      const result = await manager
        .createQueryBuilder()
        .insert()
        .into(GiftCard)
        .values({ ...fields, id, code: generateGiftCardCode() } as QueryDeepPartialEntity<GiftCard>) // jsonb metadata defeats the deep-partial type
        .orIgnore()
        .returning(['id'])
        .execute();
      if ((result.raw as unknown[]).length > 0) return id;
    }
    throw new ApiError(ApiErrorType.UNEXPECTED_STATE, 'Could not generate a unique gift card code');
  }

  /**
   * The cards bought in an order, `count` per line, in one INSERT statement whatever their
   * number (completion holds row locks meanwhile: its cost must not grow in statements
   * with the quantity). Codes are drawn again only for the rare units whose code was taken.
   * Resolves with the ids of the cards handed over now (the caller reports them:
   * gift_card.created): those of an order whose payment is captured already. The others
   * are created disabled and handed over by `handOverPaidCards` when the payment is captured.
   */
  async issueForOrder(manager: EntityManager, order: { id: string; regionId: string }, lines: readonly PurchasedCardsLine[]): Promise<string[]> {
    const handedOver: string[] = [];
    let pending = lines.flatMap((line, index) => Array.from({ length: line.count }, () => index));
    for (let attempt = 0; attempt < CODE_ATTEMPTS && pending.length > 0; attempt++) {
      const units = pending.map((line) => ({ id: generateEntityId(GiftCard.idPrefix), code: generateGiftCardCode(), line }));
      const inserted = await insertPurchasedCards(manager, order, lines, units);
      handedOver.push(...units.filter((unit) => inserted.get(unit.id) === true).map((unit) => unit.id));
      pending = units.filter((unit) => !inserted.has(unit.id)).map((unit) => unit.line);
    }
    if (pending.length > 0) throw new ApiError(ApiErrorType.UNEXPECTED_STATE, 'Could not generate a unique gift card code');
    // The order's cards are handed over now: its one gift-card mail goes (MailService).
    if (handedOver.length > 0) await emitEvent(manager, 'order.gift_card_created', { id: order.id });
    return handedOver;
  }

  /**
   * The order's payment was captured (the caller holds the order's row lock and calls this
   * once, on the capture that paid the order): the cards bought in it become usable;
   * `gift_card.created` is recorded for each, and `order.gift_card_created` once (which
   * mails the buyer their codes), in the caller's transaction. Resolves with their ids.
   */
  async handOverPaidCards(manager: EntityManager, orderId: string): Promise<string[]> {
    const ids = await enableCardsPaidFor(manager, orderId);
    if (ids.length === 0) return ids;
    // gift_card.created per card (webhooks), then the order's one gift-card mail (order.gift_card_created).
    await emitEvents(manager, [
      ...ids.map((id) => ({ name: 'gift_card.created' as const, data: { id } })),
      { name: 'order.gift_card_created', data: { id: orderId } },
    ]);
    return ids;
  }

  /**
   * Updates under a row lock, so a concurrent debit cannot slip between the balance check
   * and the write. The balance must stay within 0..value (400 otherwise); a new region must
   * exist (404); metadata is merged the Medusa way.
   */
  async update(id: string, input: AdminPostGiftCardsGiftCardReq): Promise<GiftCard> {
    await this.transactions.run(async (manager) => {
      const repo = manager.getRepository(GiftCard);
      const card = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!card) throw notFoundById(id);
      if (input.region_id !== undefined) card.region_id = (await this.regions.retrieve(input.region_id, [], manager)).id;
      if (input.balance !== undefined) {
        if (input.balance < 0 || input.balance > card.value) {
          throw ApiError.invalid(`The balance must be between 0 and the gift card's value (${card.value})`);
        }
        card.balance = input.balance;
      }
      if (input.is_disabled !== undefined) card.is_disabled = input.is_disabled;
      if (input.ends_at !== undefined) card.ends_at = input.ends_at;
      if (input.metadata !== undefined) card.metadata = mergeMetadata(card.metadata, input.metadata);
      await repo.save(card);
    });
    return this.retrieve(id);
  }

  /** Soft delete. Idempotent, as in Medusa: an unknown or already deleted id is not an error. */
  async delete(id: string): Promise<void> {
    await this.dataSource.getRepository(GiftCard).softDelete({ id, deleted_at: IsNull() });
  }

  /**
   * The storefront balance check: the live (not deleted) card with this code (any case),
   * with its region. As in Medusa, a disabled or expired card is found too (its balance is
   * what the shopper holds); it is refused where it would be used
   * (`retrieveByCodeForCart`, `debit`). Unknown and deleted codes are a 404.
   */
  async retrieveForStore(code: string): Promise<GiftCard> {
    const card = await this.dataSource.getRepository(GiftCard).findOne({
      where: { code: normalizeGiftCardCode(code) },
      relations: toRelations(['region']),
      relationLoadStrategy: 'query',
    });
    if (!card) throw ApiError.notFound(`Gift card with code: ${code} was not found`);
    return card;
  }

  /**
   * For applying a card to a cart: the live card with this code (any case), usable in the
   * cart's region. 404 when unknown; 400 not_allowed when disabled or expired, 400
   * invalid_data when of another region (Medusa's types). Takes no lock: the balance is only enforced by `debit` at completion.
   */
  async retrieveByCodeForCart(code: string, regionId: string, manager: EntityManager): Promise<GiftCard> {
    const card = await manager.getRepository(GiftCard).findOne({ where: { code: normalizeGiftCardCode(code) } });
    if (!card) throw ApiError.notFound(`Gift card with code: ${code} was not found`);
    if (card.is_disabled) throw ApiError.notAllowed('The gift card is disabled');
    if (this.isExpired(card)) throw ApiError.notAllowed('The gift card has expired');
    if (card.region_id !== regionId) throw ApiError.invalid('The gift card cannot be used in the current region');
    return card;
  }

  /**
   * Spends `amount` (a positive integer) of a card's balance for an order and records a
   * GiftCardTransaction, inside the caller's transaction (or a new one when `manager` has
   * none); a card left with a zero balance is disabled. The balance moves with one conditional UPDATE (`balance >= amount`, enabled,
   * not expired (`ends_at`), live), so concurrent debits can never drive it below zero whatever the isolation
   * level; when no row qualifies this throws not_allowed and the caller's transaction
   * rolls back.
   */
  async debit(giftCardId: string, amount: number, orderId: string, manager: EntityManager): Promise<void> {
    if (!Number.isInteger(amount) || amount <= 0) {
      throw new ApiError(ApiErrorType.UNEXPECTED_STATE, `A gift card debit must be a positive integer, got ${amount}`);
    }
    await this.transactions.run(
      async (tx) => {
        const result = await tx
          .createQueryBuilder()
          .update(GiftCard)
          // SET reads the row as it was: a card spent to zero is disabled, as in Medusa v1.
          .set({ balance: () => 'balance - :amount', is_disabled: () => '(balance - :amount) = 0' })
          // Usable at the moment of the debit, not only when the card was applied to the cart.
          .where('id = :id AND balance >= :amount AND NOT is_disabled AND (ends_at IS NULL OR ends_at > now()) AND deleted_at IS NULL', {
            id: giftCardId,
            amount,
          })
          .returning(['tax_rate'])
          .execute();
        const rows = result.raw as Array<{ tax_rate: number | null }>;
        if (rows.length === 0) throw await this.debitRefusal(giftCardId, tx);
        const taxRate = rows[0].tax_rate;
        await tx.getRepository(GiftCardTransaction).insert({
          id: generateEntityId(GiftCardTransaction.idPrefix),
          gift_card_id: giftCardId,
          order_id: orderId,
          amount,
          is_taxable: taxRate !== null,
          tax_rate: taxRate,
        });
      },
      { manager },
    );
  }

  /** Why a debit matched no row, for a message the customer can act on. */
  private async debitRefusal(giftCardId: string, manager: EntityManager): Promise<ApiError> {
    const card = await manager.getRepository(GiftCard).findOne({ where: { id: giftCardId }, withDeleted: true });
    if (!card || card.deleted_at) return ApiError.notAllowed(`Gift card with id: ${giftCardId} is no longer available`);
    if (card.is_disabled) return ApiError.notAllowed('The gift card is disabled');
    if (this.isExpired(card)) return ApiError.notAllowed('The gift card has expired');
    return ApiError.notAllowed('Gift card has insufficient balance');
  }

  private isExpired(card: GiftCard): boolean {
    return card.ends_at !== null && card.ends_at.getTime() <= Date.now();
  }
}
