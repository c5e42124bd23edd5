import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { insertEntities, updateById } from '../../common/database/row-writes';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { ApiError } from '../../common/errors/api-error';
import { PaymentProviderRegistry } from './payment-provider.registry';
import { PaymentSession } from './payment-session.entity';
import type { PaymentContext, ProviderSession } from './providers/payment-provider.interface';

/** What the sessions logic needs to know about a cart (the caller holds the cart's row lock). */
export interface PaymentCart {
  id: string;
  email: string | null;
  customer_id: string | null;
  currency_code: string;
  /** The cart total the sessions must charge (forced taxes), integer minor units. */
  total: number;
  /** The region's payment provider ids. */
  provider_ids: string[];
}

function contextOf(cart: PaymentCart): PaymentContext {
  return { cart_id: cart.id, amount: cart.total, currency_code: cart.currency_code, email: cart.email, customer_id: cart.customer_id };
}

/**
 * A cart's payment sessions (Medusa v1's cart payment-session logic), always called
 * inside the caller's transaction while the cart row is locked. Sessions are one per
 * provider; at most one is selected (`is_selected = true`, others null).
 * Differences from Medusa v1: selecting a provider that has no session yet creates it
 * instead of failing with a 500, refreshing a selected session keeps it selected, and
 * sessions dropped on a region change are deleted at the provider too.
 */
@Injectable()
export class PaymentSessionsService {
  constructor(private readonly registry: PaymentProviderRegistry) {}

  list(cartId: string, manager: EntityManager): Promise<PaymentSession[]> {
    return manager.getRepository(PaymentSession).find({ where: { cart_id: cartId }, order: { created_at: 'ASC', id: 'ASC' } });
  }

  /**
   * POST /store/carts/:id/payment-sessions: one session per region provider. A total of 0
   * or less removes every session (nothing to pay). Sessions of providers no longer in the
   * region are removed; the selected one follows the new amount; with a single provider
   * in the region its session is created at the provider and selected at once.
   * `current`: the cart's sessions when the caller has just listed them.
   */
  async createSessions(cart: PaymentCart, manager: EntityManager, current?: PaymentSession[]): Promise<void> {
    const repo = manager.getRepository(PaymentSession);
    const sessions = current ?? (await this.list(cart.id, manager));
    if (cart.total <= 0) {
      for (const session of sessions) await this.remove(session, manager);
      return;
    }
    const allowed = new Set(cart.provider_ids);
    const kept: PaymentSession[] = [];
    for (const session of sessions) {
      if (!allowed.has(session.provider_id)) await this.remove(session, manager);
      else kept.push(session);
    }
    await this.followAmount(kept, cart, manager);

    const hasSelected = kept.some((s) => s.is_selected);
    if (cart.provider_ids.length === 1 && !hasSelected) {
      await this.select(cart, cart.provider_ids[0], manager, kept);
      return;
    }
    const existing = new Set(kept.map((s) => s.provider_id));
    const missing = cart.provider_ids.filter((providerId) => !existing.has(providerId)).map((providerId) => repo.create(this.localSession(cart, providerId)));
    // One multi-row INSERT for every provider's new session.
    await insertEntities(manager, PaymentSession, missing);
  }

  /**
   * After a cart change that alters its total (items, discounts, shipping...): existing
   * sessions follow the new amount, as Medusa recomputes them. No session is created.
   * `current`: the cart's sessions when the caller has just read them.
   */
  async refreshAfterCartChange(cart: PaymentCart, manager: EntityManager, current?: PaymentSession[]): Promise<void> {
    const sessions = current ?? (await this.list(cart.id, manager));
    if (sessions.length === 0) return;
    await this.createSessions(cart, manager, sessions);
  }

  /**
   * POST /store/carts/:id/payment-session: selects the provider's session (creating it if
   * needed) and initiates it at the provider; the previously selected one is released.
   * 400 when the provider is not offered in the cart's region.
   */
  async select(cart: PaymentCart, providerId: string, manager: EntityManager, current?: PaymentSession[]): Promise<PaymentSession> {
    this.assertAvailable(cart, providerId);
    const repo = manager.getRepository(PaymentSession);
    const sessions = current ?? (await this.list(cart.id, manager));
    for (const other of sessions.filter((s) => s.provider_id !== providerId && (s.is_selected || s.is_initiated))) {
      if (other.is_initiated) await this.registry.get(other.provider_id).deleteSession(other);
      await updateById(manager, PaymentSession, other.id, { is_selected: null, is_initiated: false, status: 'pending', data: {} });
    }
    const provider = this.registry.get(providerId);
    const existing = sessions.find((s) => s.provider_id === providerId);
    if (!existing) {
      // A new session is created at the provider first and inserted once, already selected.
      const created: ProviderSession = await provider.createSession(contextOf(cart));
      const session = repo.create({
        ...this.localSession(cart, providerId),
        data: created.data,
        status: created.status,
        is_selected: true,
        is_initiated: true,
      });
      await insertEntities(manager, PaymentSession, [session]);
      return session;
    }
    const session = existing;
    if (session.is_initiated) {
      session.data = await provider.updateSession(session, contextOf(cart));
    } else {
      const created: ProviderSession = await provider.createSession(contextOf(cart));
      session.data = created.data;
      session.status = created.status;
    }
    session.amount = cart.total;
    session.is_selected = true;
    session.is_initiated = true;
    await updateById(manager, PaymentSession, session.id, {
      data: session.data,
      status: session.status,
      amount: session.amount,
      is_selected: true,
      is_initiated: true,
    });
    return session;
  }

  /**
   * POST /store/carts/:id/payment-sessions/:provider_id: selects the provider (all of
   * select's rules apply), then merges the provider's answer to `data` into the session; the
   * merged data must stay within STORED_JSON_BOUNDS (400 invalid_data otherwise).
   */
  async updateData(cart: PaymentCart, providerId: string, data: Record<string, unknown>, manager: EntityManager): Promise<void> {
    boundedJson('data', data); // before the provider sees it; the merged result is checked again
    const session = await this.select(cart, providerId, manager);
    const update = await this.registry.get(providerId).updateSessionData(session, data);
    await updateById(manager, PaymentSession, session.id, { data: boundedJson('data', { ...session.data, ...update }, session.data) });
  }

  /** DELETE /store/carts/:id/payment-sessions/:provider_id; a missing session is not an error. */
  async delete(cartId: string, providerId: string, manager: EntityManager): Promise<void> {
    const session = await manager.getRepository(PaymentSession).findOne({ where: { cart_id: cartId, provider_id: providerId } });
    if (session) await this.remove(session, manager);
  }

  /**
   * POST .../payment-sessions/:provider_id/refresh: a selected session is recreated at the
   * provider for the current amount and stays selected (same id); an unselected one only
   * takes the new amount. A missing session is not an error.
   */
  async refresh(cart: PaymentCart, providerId: string, manager: EntityManager): Promise<void> {
    const repo = manager.getRepository(PaymentSession);
    const session = await repo.findOne({ where: { cart_id: cart.id, provider_id: providerId } });
    if (!session) return;
    if (!session.is_selected) {
      await updateById(manager, PaymentSession, session.id, { amount: cart.total });
      return;
    }
    const provider = this.registry.get(providerId);
    if (session.is_initiated) await provider.deleteSession(session);
    const created = await provider.createSession(contextOf(cart));
    await updateById(manager, PaymentSession, session.id, {
      data: created.data,
      status: created.status,
      amount: cart.total,
      is_initiated: true,
      payment_authorized_at: null,
    });
  }

  /** Removes every session of the cart (region change), telling the provider about initiated ones. */
  async deleteAll(cartId: string, manager: EntityManager): Promise<void> {
    for (const session of await this.list(cartId, manager)) await this.remove(session, manager);
  }

  /**
   * Asks the selected session's provider to authorize `cart.total`. Returns the session
   * with the provider's answer applied (not yet saved: completion decides what to keep).
   * 400 when no session is selected. `current`: the cart's sessions when the caller has
   * just loaded them under the cart lock.
   */
  async authorize(cart: PaymentCart, manager: EntityManager, current?: PaymentSession[]): Promise<PaymentSession> {
    const session = current
      ? (current.find((s) => s.is_selected === true) ?? null)
      : await manager.getRepository(PaymentSession).findOne({ where: { cart_id: cart.id, is_selected: true } });
    if (!session) throw ApiError.notAllowed('You cannot complete a cart without a payment session.');
    this.assertAvailable(cart, session.provider_id);
    const result = await this.registry.get(session.provider_id).authorize({ ...session, amount: cart.total }, contextOf(cart));
    session.status = result.status;
    session.data = result.data;
    session.amount = cart.total;
    if (result.status === 'authorized') session.payment_authorized_at = new Date();
    return session;
  }

  /** Persists a session's status and data as authorize left them. */
  async saveAuthorization(session: PaymentSession, manager: EntityManager): Promise<void> {
    await updateById(manager, PaymentSession, session.id, {
      status: session.status,
      data: session.data,
      amount: session.amount,
      payment_authorized_at: session.payment_authorized_at,
    });
  }

  private assertAvailable(cart: PaymentCart, providerId: string): void {
    // Unlike Medusa v1, `system` (which authorizes and captures without taking any money)
    // is not offered to shoppers unless the region lists it; draft orders pass it explicitly.
    if (!cart.provider_ids.includes(providerId)) {
      throw ApiError.notAllowed('The payment method is not available in this region');
    }
    this.registry.get(providerId);
  }

  private localSession(cart: PaymentCart, providerId: string): Partial<PaymentSession> {
    return { cart_id: cart.id, provider_id: providerId, is_selected: null, is_initiated: false, status: 'pending', data: {}, amount: cart.total };
  }

  /**
   * Existing sessions charge the new total; the selected one is updated at the provider.
   * The session objects are updated along with their rows, so callers may reuse them.
   */
  private async followAmount(sessions: PaymentSession[], cart: PaymentCart, manager: EntityManager): Promise<void> {
    for (const session of sessions) {
      if (session.is_selected && session.is_initiated) {
        const data = await this.registry.get(session.provider_id).updateSession(session, contextOf(cart));
        await updateById(manager, PaymentSession, session.id, { data, amount: cart.total });
        Object.assign(session, { data, amount: cart.total });
      } else if (session.is_initiated) {
        // Initiated but no longer selected: release it at the provider; it starts over locally.
        await this.registry.get(session.provider_id).deleteSession(session);
        const reset = { is_initiated: false, status: 'pending' as const, data: {}, amount: cart.total };
        await updateById(manager, PaymentSession, session.id, reset);
        Object.assign(session, reset);
      } else if (session.amount !== cart.total) {
        await updateById(manager, PaymentSession, session.id, { amount: cart.total });
        session.amount = cart.total;
      }
    }
  }

  private async remove(session: PaymentSession, manager: EntityManager): Promise<void> {
    if (session.is_initiated) await this.registry.get(session.provider_id).deleteSession(session);
    await manager.getRepository(PaymentSession).delete(session.id);
  }
}
