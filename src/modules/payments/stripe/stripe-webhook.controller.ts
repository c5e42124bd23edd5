import { Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PublicController } from '../../../common/auth/surface';
import { StripeWebhookRefusal, StripeWebhookService } from './stripe-webhook.service';

/** Where Stripe's webhook endpoint points (the raw-body parser in bootstrap.ts is mounted on it). */
export const STRIPE_WEBHOOK_PATH = '/stripe/hooks';

/**
 * Stripe's webhook, where medusa-payment-stripe has it: public (Stripe carries no identity,
 * its signature is the authentication), answered as Medusa answers: 400 `text/html`
 * `Webhook Error: <message>` for a bad signature, else 200 `text/plain` `OK` for every event type.
 */
@ApiExcludeController() // Stripe's endpoint, not part of the API clients are written against
@PublicController('stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('hooks')
  @HttpCode(200)
  async receive(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined, @Res() res: Response): Promise<void> {
    let event;
    try {
      event = this.webhooks.verify(req.body, signature);
    } catch (err) {
      if (!(err instanceof StripeWebhookRefusal)) throw err;
      res.status(400).type('html').send(`Webhook Error: ${err.message}`);
      return;
    }
    await this.webhooks.accept(event);
    res.status(200).type('text/plain').send('OK');
  }
}
