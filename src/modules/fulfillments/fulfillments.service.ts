import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { ApiError } from '../../common/errors/api-error';
import { ShippingMethod } from '../shipping/shipping-method.entities';
import { Fulfillment, FulfillmentItem, TrackingLink } from './fulfillment.entities';
import { FulfillmentLine, FulfillmentProviderRegistry } from './fulfillment-provider';
import {
  addFulfilledQuantities,
  addShippedQuantities,
  markCanceled,
  markShipped,
  OrderLineCounts,
  orderLineCounts,
  removeFulfilledQuantities,
} from './fulfillments.repository';

export interface RequestedItem {
  item_id: string;
  quantity: number;
}

export interface NewFulfillmentOptions {
  metadata: Record<string, unknown>;
  no_notification: boolean | null | undefined;
  location_id: string | null;
}

/**
 * An order's fulfilments and shipments (Medusa 1.20, reference 2.9-2.11). Every method runs
 * in the caller's transaction, which holds the order's row lock (OrderLifecycleService): so
 * two staff fulfilling the same lines queue, and the second sees the first one's counts.
 * The line counters also move only by conditional UPDATEs (fulfillments.repository.ts), so a
 * line is never fulfilled beyond its quantity nor shipped beyond what is fulfilled.
 */
@Injectable()
export class FulfillmentsService {
  private readonly providers = new FulfillmentProviderRegistry();

  lineCounts(orderId: string, manager: EntityManager): Promise<OrderLineCounts[]> {
    return orderLineCounts(manager, orderId);
  }

  /**
   * Creates the fulfilments for `requested`: one per shipping method of the order (one
   * holding every requested line when the order has a single method; otherwise each
   * method takes the lines whose product has its option's profile). Lines that are not
   * the order's are skipped, as in Medusa. Resolves with the fulfilments created.
   */
  async createForOrder(manager: EntityManager, orderId: string, requested: readonly RequestedItem[], options: NewFulfillmentOptions): Promise<Fulfillment[]> {
    const methods = await manager.getRepository(ShippingMethod).find({
      where: { order_id: orderId },
      relations: { shipping_option: true },
      order: { created_at: 'ASC', id: 'ASC' },
    });
    if (methods.length === 0) throw ApiError.notAllowed('Cannot fulfill an order that lacks shipping methods');
    const lines = new Map((await orderLineCounts(manager, orderId)).map((line) => [line.id, line]));
    const wanted = new Map<string, number>();
    for (const { item_id, quantity } of requested) {
      const line = lines.get(item_id);
      if (!line) continue;
      const total = (wanted.get(item_id) ?? 0) + quantity;
      if (total > line.quantity - (line.fulfilled_quantity ?? 0)) throw ApiError.notAllowed('Cannot fulfill more items than have been purchased');
      wanted.set(item_id, total);
    }
    const created: Fulfillment[] = [];
    for (const method of methods) {
      const profile = method.shipping_option?.profile_id;
      const mine = [...wanted].filter(([itemId]) => methods.length === 1 || lines.get(itemId)!.profile_id === profile);
      const providerLines: FulfillmentLine[] = mine.map(([item_id, quantity]) => ({ item_id, quantity, title: lines.get(item_id)!.title }));
      const providerId = method.shipping_option?.provider_id ?? 'manual';
      const provider = this.providers.get(providerId);
      const optionData = method.shipping_option?.data ?? {};
      provider.validateFulfillment(providerLines, optionData);
      const data = await provider.createFulfillment(providerLines, optionData);
      const fulfillment = manager.getRepository(Fulfillment).create({
        id: generateEntityId(Fulfillment.idPrefix),
        order_id: orderId,
        swap_id: null,
        claim_order_id: null,
        provider_id: providerId,
        location_id: options.location_id,
        data,
        tracking_numbers: [],
        shipped_at: null,
        canceled_at: null,
        no_notification: options.no_notification ?? null,
        metadata: options.metadata,
        idempotency_key: null,
      });
      await manager.getRepository(Fulfillment).insert(fulfillment as never); // jsonb columns defeat the deep-partial type
      if (providerLines.length > 0) {
        await manager
          .getRepository(FulfillmentItem)
          .insert(providerLines.map((line) => ({ fulfillment_id: fulfillment.id, item_id: line.item_id, quantity: line.quantity })));
        const moved = await addFulfilledQuantities(manager, orderId, providerLines);
        if (moved !== providerLines.length) throw ApiError.notAllowed('Cannot fulfill more items than have been purchased');
      }
      created.push(fulfillment);
    }
    return created;
  }

  /**
   * Cancels an unshipped fulfilment of the order: its units leave the lines' fulfilled
   * quantities. Canceling a canceled one changes nothing (Medusa would take its units off
   * again).
   */
  async cancel(manager: EntityManager, orderId: string, fulfillmentId: string): Promise<Fulfillment> {
    const fulfillment = await this.findOfOrder(
      manager,
      orderId,
      fulfillmentId,
      `no fulfillment was found with the id: ${fulfillmentId} related to order: ${orderId}`,
    );
    if (fulfillment.shipped_at) throw ApiError.notAllowed('The fulfillment has already been shipped. Shipped fulfillments cannot be canceled');
    if (fulfillment.canceled_at) return fulfillment;
    await this.providers.get(fulfillment.provider_id).cancelFulfillment(fulfillment.data);
    if (await markCanceled(manager, fulfillment.id)) await removeFulfilledQuantities(manager, fulfillment.id);
    return fulfillment;
  }

  /**
   * Ships a fulfilment of the order: `shipped_at`, one tracking link per number, its units
   * added to the lines' shipped quantities. A fulfilment ships once (Medusa would count
   * its units again).
   */
  async ship(
    manager: EntityManager,
    orderId: string,
    fulfillmentId: string,
    trackingNumbers: readonly string[],
    noNotification: boolean | undefined,
  ): Promise<Fulfillment> {
    const fulfillment = await this.findOfOrder(manager, orderId, fulfillmentId, 'Could not find fulfillment');
    if (fulfillment.canceled_at) throw ApiError.notAllowed('Fulfillment has been canceled');
    if (fulfillment.shipped_at) throw ApiError.notAllowed('Fulfillment has already been shipped');
    if (!(await markShipped(manager, fulfillment.id, noNotification))) throw ApiError.notAllowed('Fulfillment has already been shipped');
    const items = await manager.getRepository(FulfillmentItem).count({ where: { fulfillment_id: fulfillment.id } });
    if ((await addShippedQuantities(manager, fulfillment.id)) !== items) throw ApiError.notAllowed('Cannot ship more items than have been fulfilled');
    if (trackingNumbers.length > 0) {
      await manager.getRepository(TrackingLink).insert(
        trackingNumbers.map((tracking_number) => ({
          id: generateEntityId(TrackingLink.idPrefix),
          fulfillment_id: fulfillment.id,
          tracking_number,
          url: null,
          metadata: null,
          idempotency_key: null,
        })),
      );
    }
    if (noNotification !== undefined) fulfillment.no_notification = noNotification;
    return fulfillment;
  }

  /** Whether the order has a fulfilment that is not canceled (an order cannot be canceled then). */
  hasLiveFulfillment(manager: EntityManager, orderId: string): Promise<boolean> {
    return manager.getRepository(Fulfillment).exists({ where: { order_id: orderId, canceled_at: IsNull() } });
  }

  private async findOfOrder(manager: EntityManager, orderId: string, fulfillmentId: string, otherOrderMessage: string): Promise<Fulfillment> {
    const fulfillment = await manager.getRepository(Fulfillment).findOne({ where: { id: fulfillmentId } });
    if (!fulfillment) throw ApiError.notFound(`Fulfillment with id: ${fulfillmentId} was not found`);
    if (fulfillment.order_id !== orderId) throw ApiError.notFound(otherOrderMessage);
    return fulfillment;
  }
}
