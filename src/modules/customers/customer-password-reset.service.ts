import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { INVALID_RESET_TOKEN, isResetGrant, newResetGrant, ResetMailboxBudget, resetTokenFromGrant, verifyResetToken } from '../auth/password-reset';
import { emitEvent } from '../events/outbox';
import { Customer } from './customer.entity';
import { STORE_CUSTOMER_RELATIONS } from './customer-relations';
import { CustomersService, normalizeEmail } from './customers.service';

/**
 * Medusa v1's customer password reset: a request writes the `customer.password_reset`
 * event, whose mail carries the token (never an answer, never a row: the event keeps only a
 * grant the mail makes the token from, see ResetGrant); the token with the email sets a new
 * password, which ends the account's other logins. At most PASSWORD_RESET_MAILS_PER_HOUR
 * requests per mailbox per hour write an event.
 */
@Injectable()
export class CustomerPasswordResetService implements OnModuleDestroy {
  private readonly logger = new Logger(CustomerPasswordResetService.name);
  private readonly mailbox: ResetMailboxBudget;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly customers: CustomersService,
  ) {
    this.mailbox = new ResetMailboxBudget(dataSource, config.passwordResetMailsPerHour);
  }

  onModuleDestroy(): void {
    this.mailbox.stop();
  }

  /**
   * Starts a reset for the account with that email, if there is one, after the caller has
   * answered (so the answer takes the same time whether the account exists or not).
   */
  requestInBackground(email: string): void {
    this.request(email).catch((err) => this.logger.error({ err }, 'a password reset request failed'));
  }

  /**
   * Emits `customer.password_reset` (`{ id, email, first_name, last_name, reset_grant }`) for
   * the account with that email; nothing for no account, nor past the mailbox's budget.
   */
  async request(email: string): Promise<void> {
    const customer = await this.dataSource
      .getRepository(Customer)
      .createQueryBuilder('customer')
      .addSelect('customer.password_hash')
      .where('customer.email = :email AND customer.has_account = true AND customer.deleted_at IS NULL', { email: normalizeEmail(email) })
      .getOne();
    if (!customer?.password_hash) return;
    if (!(await this.mailbox.take('customer', customer.email))) return;
    const reset_grant = newResetGrant(this.config.jwtSecret, 'customer', customer.id, customer.password_hash);
    const { id, first_name, last_name } = customer;
    await emitEvent(this.dataSource.manager, 'customer.password_reset', { id, email: customer.email, first_name, last_name, reset_grant });
  }

  /**
   * The token a `customer.password_reset` event's mail carries, made from its grant when
   * the mail goes out; undefined when it would not work (expired, password changed since,
   * account gone), and then no mail is worth sending.
   */
  async tokenForMail(customerId: string, grant: unknown): Promise<string | undefined> {
    if (!isResetGrant(grant)) return undefined;
    const customer = await this.dataSource
      .getRepository(Customer)
      .createQueryBuilder('customer')
      .addSelect('customer.password_hash')
      .where('customer.id = :id AND customer.has_account = true AND customer.deleted_at IS NULL', { id: customerId })
      .getOne();
    if (!customer?.password_hash) return undefined;
    return resetTokenFromGrant(this.config.jwtSecret, 'customer', customer.id, customer.password_hash, grant);
  }

  /**
   * Sets the password when the token is a live one of the account with that email (401
   * otherwise, the same answer for an unknown email), under the account's row lock: two
   * resets with one token cannot both pass. The account's sessions and JWTs end.
   */
  async reset(email: string, token: string, password: string): Promise<Customer> {
    const id = await this.tx.run(async (manager) => {
      const customer = await manager
        .getRepository(Customer)
        .createQueryBuilder('customer')
        .addSelect('customer.password_hash')
        .where('customer.email = :email AND customer.has_account = true AND customer.deleted_at IS NULL', { email: normalizeEmail(email) })
        .setLock('pessimistic_write')
        .getOne();
      if (!customer?.password_hash || !verifyResetToken(this.config.jwtSecret, 'customer', customer.id, customer.password_hash, token)) {
        throw ApiError.unauthorized(INVALID_RESET_TOKEN);
      }
      await this.customers.changePassword(customer.id, password, {}, manager);
      return customer.id;
    });
    return this.customers.retrieveCommitted(id, STORE_CUSTOMER_RELATIONS);
  }
}
