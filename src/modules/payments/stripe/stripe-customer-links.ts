import { Injectable, Logger } from '@nestjs/common';
import { CustomersService } from '../../customers/customers.service';

/**
 * Where a Medusa customer's Stripe customer id is kept: `customer.metadata.stripe_id`, as
 * `medusa-payment-stripe` keeps it (so imported shops keep their Stripe customers). Read
 * and written outside the cart's transaction: a link is worth keeping even when the cart
 * change that made it rolls back (the Stripe customer exists either way).
 */
@Injectable()
export class StripeCustomerLinks {
  private readonly logger = new Logger(StripeCustomerLinks.name);

  constructor(private readonly customers: CustomersService) {}

  /** The Stripe customer id, and the email to create one with when there is none. */
  async lookup(customerId: string): Promise<{ stripeId: string | null; email: string | null } | null> {
    try {
      const customer = await this.customers.retrieveCommitted(customerId);
      const stripeId = customer.metadata?.stripe_id;
      return { stripeId: typeof stripeId === 'string' && stripeId ? stripeId : null, email: customer.email ?? null };
    } catch {
      // A customer created by the (uncommitted) transaction asking: not visible here yet.
      return null;
    }
  }

  async save(customerId: string, stripeId: string): Promise<void> {
    try {
      await this.customers.update(customerId, { metadata: { stripe_id: stripeId } });
    } catch (err) {
      // Not fatal: the next session creates (or reuses, through its idempotency key) the Stripe customer again.
      this.logger.warn({ err, customerId }, 'could not keep the Stripe customer id in the customer metadata');
    }
  }
}
