import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { throttleKey, tooManyRequests } from '../../common/throttling/attempt-budgets';
import { PgAttemptCounters } from '../../common/throttling/pg-attempt-counters';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { emitEvent } from '../events/outbox';
import type { UserRole } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { Invite } from './invite.entity';
import { InviteGrant, inviteToken, inviteTokenDigest, isInviteGrant, looksLikeInviteToken, newInviteGrant } from './invite-token';

/** Medusa's invite lifetime: 7 days from its (re)sending. */
const INVITE_VALID_MS = 7 * 24 * 60 * 60_000;
const MAILBOX_WINDOW_MS = 60 * 60_000;

/**
 * Medusa v1's InviteService, with the token kept out of every row and event: a
 * create or resend makes a new grant, stores the digest of the token it makes, and emits
 * `invite.created` `{ id, user_email, invite_grant }`; the invitation mail makes the token
 * again from the grant (tokenForMail). Accepting creates the user and deletes the invite,
 * so a token works once; it works until `expires_at`. Invitation mails per mailbox per
 * hour are bounded as reset mails are (PASSWORD_RESET_MAILS_PER_HOUR).
 */
@Injectable()
export class InvitesService implements OnModuleDestroy {
  private readonly counters: PgAttemptCounters;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly users: UsersService,
  ) {
    this.counters = new PgAttemptCounters(dataSource);
  }

  onModuleDestroy(): void {
    this.counters.onModuleDestroy();
  }

  /** Every live invite (Medusa answers them all, unpaged), oldest first, without tokens. */
  list(): Promise<Invite[]> {
    return this.dataSource.getRepository(Invite).find({ order: { created_at: 'ASC', id: 'ASC' } });
  }

  /**
   * Invites `email` with `role` (Medusa's create): refused when a user has exactly that
   * email; an existing invite for it gets the role (unless accepted), a new token and
   * expiry, else a new invite is made.
   */
  async create(email: string, role: UserRole): Promise<void> {
    await this.tx.run(async (manager) => {
      if (await this.users.existsWithExactEmail(email, manager)) throw ApiError.invalid("Can't invite a user with an existing account");
      const repo = manager.getRepository(Invite);
      const existing = await repo.findOne({ where: { user_email: email }, lock: { mode: 'pessimistic_write' } });
      // The id is part of the token, so a new invite gets it before its token is made.
      const invite = existing ?? repo.create({ id: generateEntityId(Invite.idPrefix), user_email: email, role, accepted: false, metadata: null });
      if (existing && !existing.accepted && existing.role !== role) invite.role = role;
      await this.send(invite, manager);
    });
  }

  /** A new token and expiry for the invite, mailed again; 400 `Invite doesn't exist` (Medusa) for an unknown one. */
  async resend(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      const invite = await manager.getRepository(Invite).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!invite) throw ApiError.invalid("Invite doesn't exist");
      await this.send(invite, manager);
    });
  }

  /** Hard delete (Medusa); an unknown id succeeds. */
  async delete(id: string): Promise<void> {
    await this.dataSource.getRepository(Invite).delete({ id });
  }

  /**
   * Creates the invited user (email lower-cased, the invite's role) and deletes the invite,
   * under its row lock: a token works once. Medusa's messages: `Token is not valid` for
   * what no invite token looks like, `Invalid invite` for an unknown, used or expired one,
   * `User already joined` when the email has an account by now.
   */
  async accept(token: string, user: { first_name?: string; last_name?: string; password: string }): Promise<void> {
    if (!looksLikeInviteToken(token)) throw ApiError.invalid('Token is not valid');
    await this.tx.run(async (manager) => {
      const invite = await manager
        .getRepository(Invite)
        .createQueryBuilder('i')
        .where('i.token_digest = :digest', { digest: inviteTokenDigest(token) })
        .setLock('pessimistic_write')
        .getOne();
      if (!invite || invite.expires_at.getTime() < Date.now()) throw ApiError.invalid('Invalid invite');
      if (await this.users.existsWithEmail(invite.user_email, manager)) throw ApiError.invalid('User already joined');
      await this.users.create(
        { email: invite.user_email, password: user.password, first_name: user.first_name, last_name: user.last_name, role: invite.role },
        manager,
      );
      await manager.getRepository(Invite).delete({ id: invite.id });
    });
  }

  /**
   * The token an `invite.created` event's mail carries, made from its grant; undefined when
   * it would not work any more (resent since, accepted, deleted or expired).
   */
  async tokenForMail(inviteId: string, grant: unknown): Promise<string | undefined> {
    if (!isInviteGrant(grant)) return undefined;
    const token = inviteToken(this.config.jwtSecret, inviteId, grant);
    const live = await this.dataSource
      .getRepository(Invite)
      .createQueryBuilder('i')
      .where('i.id = :id AND i.token_digest = :digest AND i.expires_at > now()', { id: inviteId, digest: inviteTokenDigest(token) })
      .getExists();
    return live ? token : undefined;
  }

  /** Saves the invite with a new token and expiry and emits `invite.created`, within the mailbox's hourly budget (429 past it). */
  private async send(invite: Invite, manager: EntityManager): Promise<void> {
    await this.takeMail(invite.user_email);
    const grant: InviteGrant = newInviteGrant();
    invite.token_digest = inviteTokenDigest(inviteToken(this.config.jwtSecret, invite.id, grant));
    invite.expires_at = new Date(Date.now() + INVITE_VALID_MS);
    await manager.getRepository(Invite).save(invite);
    await emitEvent(manager, 'invite.created', { id: invite.id, user_email: invite.user_email, invite_grant: grant });
  }

  private async takeMail(email: string): Promise<void> {
    const key = throttleKey('invite-mailbox', email.trim().toLowerCase());
    const count = (await this.counters.add([key], MAILBOX_WINDOW_MS)).get(key);
    if (count && count.hits > this.config.passwordResetMailsPerHour) {
      throw tooManyRequests('Too many invitations to this address. Please try again later.', count.expiresIn);
    }
  }
}
