import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { reserveAttempt, throttleKey, tooManyRequests } from '../../common/throttling/attempt-budgets';
import { PgAttemptCounters } from '../../common/throttling/pg-attempt-counters';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { ResetMailboxBudget } from '../auth/password-reset';
import { Customer } from '../customers/customer.entity';
import { emitEvent, emitEvents } from '../events/outbox';
import { ClaimState, claimTokenFromGrant, isClaimGrant, newClaimGrant, readClaimToken, verifyClaimToken } from './order-claim-token';
import { MAX_CLAIMED_ORDERS } from './dto/store-order-claims.dto';
import { Order } from './order.entity';

const INVALID_CLAIM_TOKEN = 'Invalid or expired order claim token';
const TOO_MANY_CLAIMS = 'Too many order claim requests. Please try again later.';
const CLAIM_WINDOW_MS = 60 * 60_000;

const normalize = (email: string) => email.trim().toLowerCase();

/**
 * Medusa v1's claim of guest orders by a registered customer: a request emits
 * `order-update-token.created` and a mail carries the token to the orders' email; the token
 * moves the orders to the customer. Unlike Medusa, only orders placed with the customer's
 * own email (and not theirs already) are claimed, the others quietly left out, so a
 * registered customer cannot make the shop mail somebody else's mailbox nor learn whose
 * order an id is. The token is never stored: the event keeps a grant (ClaimGrant) the mail
 * makes the token from. Requests are limited per customer (429 past
 * PASSWORD_RESET_MAILS_PER_HOUR an hour) and mails per mailbox (the reset mails' budget).
 */
@Injectable()
export class OrderClaimsService implements OnModuleDestroy {
  private readonly counters: PgAttemptCounters;
  private readonly mailbox: ResetMailboxBudget;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {
    this.counters = new PgAttemptCounters(dataSource);
    this.mailbox = new ResetMailboxBudget(dataSource, config.passwordResetMailsPerHour);
  }

  onModuleDestroy(): void {
    this.counters.onModuleDestroy();
    this.mailbox.stop();
  }

  /** Asks for a claim of `orderIds` by the logged-in customer (401 without an account, as Medusa). */
  async request(customerId: string, orderIds: string[]): Promise<void> {
    const customer = await this.dataSource.getRepository(Customer).findOne({ where: { id: customerId } });
    if (!customer?.has_account) throw ApiError.unauthorized('Customer does not have an account');
    const ids = [...new Set(orderIds)];
    if (ids.length === 0) return;
    const budget = { key: throttleKey('order-claim', 'customer', customer.id), limit: this.config.passwordResetMailsPerHour };
    const { retryAfter } = await reserveAttempt(this.counters, [budget], CLAIM_WINDOW_MS);
    if (retryAfter > 0) throw tooManyRequests(TOO_MANY_CLAIMS, retryAfter);
    const state = await this.claimableState(this.dataSource.manager, customer, ids);
    if (state.orders.length === 0) return;
    if (!(await this.mailbox.take('order-claim', customer.email))) return;
    const claim_grant = newClaimGrant(this.config.jwtSecret, state);
    await emitEvent(this.dataSource.manager, 'order-update-token.created', {
      old_email: customer.email,
      new_customer_id: customer.id,
      orders: state.orders.map((o) => o.id),
      claim_grant,
    });
  }

  /**
   * The token an `order-update-token.created` event's mail carries, made from its grant as
   * the mail goes out; undefined when it would not work (expired, orders claimed since).
   */
  async tokenForMail(customerId: string, orderIds: unknown, grant: unknown): Promise<string | undefined> {
    if (!isClaimGrant(grant) || !Array.isArray(orderIds) || orderIds.length > MAX_CLAIMED_ORDERS) return undefined;
    const ids = orderIds.filter((id): id is string => typeof id === 'string');
    const orders = await this.dataSource.getRepository(Order).find({ where: { id: In(ids) }, select: { id: true, customer_id: true, email: true } });
    if (orders.length !== ids.length) return undefined;
    return claimTokenFromGrant(this.config.jwtSecret, { claimingCustomerId: customerId, orders }, grant);
  }

  /**
   * Moves the token's orders to its customer (`customer_id` and `email`, as Medusa), under
   * the orders' row locks in one transaction: a second confirm with the same token finds
   * the owners changed, so the key no longer verifies it (401).
   */
  async confirm(token: string): Promise<void> {
    const claims = readClaimToken(token);
    if (!claims || claims.orders.length === 0 || claims.orders.length > MAX_CLAIMED_ORDERS) throw ApiError.unauthorized(INVALID_CLAIM_TOKEN);
    await this.tx.run(async (manager) => {
      const orders = await manager
        .getRepository(Order)
        .createQueryBuilder('o')
        .select(['o.id', 'o.customer_id', 'o.email'])
        .where('o.id IN (:...ids)', { ids: claims.orders })
        .orderBy('o.id')
        .setLock('pessimistic_write')
        .getMany();
      const state: ClaimState = { claimingCustomerId: claims.claimingCustomerId, orders };
      const owners = [...new Set(orders.map((o) => o.customer_id))];
      const accounts = await manager.getRepository(Customer).count({ where: { id: In(owners), has_account: true } });
      if (orders.length !== new Set(claims.orders).size || accounts > 0 || !verifyClaimToken(this.config.jwtSecret, state, token)) {
        throw ApiError.unauthorized(INVALID_CLAIM_TOKEN);
      }
      const customer = await manager.getRepository(Customer).findOne({ where: { id: claims.claimingCustomerId } });
      if (!customer?.has_account) throw ApiError.notFound(`Customer with id: ${claims.claimingCustomerId} was not found`);
      const ids = orders.map((o) => o.id);
      await manager.getRepository(Order).update({ id: In(ids) }, { customer_id: customer.id, email: customer.email });
      await emitEvents(
        manager,
        ids.map((id) => ({ name: 'order.updated' as const, data: { id } })),
      );
    });
  }

  /** The named orders placed with the customer's email and not theirs yet (the others are left out, unsaid). */
  private async claimableState(manager: EntityManager, customer: Customer, ids: string[]): Promise<ClaimState> {
    const orders = await manager
      .getRepository(Order)
      .createQueryBuilder('o')
      .select(['o.id', 'o.customer_id', 'o.email'])
      .where('o.id IN (:...ids)', { ids })
      .andWhere('lower(o.email) = :email', { email: normalize(customer.email) })
      .andWhere('o.customer_id IS DISTINCT FROM :customerId', { customerId: customer.id })
      // Guests' orders only: an order of another account (whose email changed since) is not up for a claim.
      .innerJoin('o.customer', 'owner', 'owner.has_account = false')
      .getMany();
    return { claimingCustomerId: customer.id, orders };
  }
}
