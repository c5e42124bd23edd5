import { Get, Param } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../../common/auth/surface';
import { StripeDashboardPayments } from './stripe-dashboard-payments';

const PAYMENT_SCHEMA = {
  type: 'object',
  required: ['id', 'amount', 'created', 'risk_score', 'risk_level', 'type', 'region'],
  properties: {
    id: { type: 'string', description: 'The PaymentIntent id' },
    amount: { type: 'integer' },
    created: { type: 'integer', description: 'Unix seconds' },
    risk_score: { type: 'integer', nullable: true },
    risk_level: { type: 'string', nullable: true },
    type: { type: 'string', enum: ['order', 'swap'] },
    region: { type: 'string' },
  },
};

/** The Stripe widget of Medusa's order page (medusa-payment-stripe's admin extension). */
@ApiTags('Stripe')
@AdminController('orders/stripe-payments')
export class AdminStripePaymentsController {
  constructor(private readonly payments: StripeDashboardPayments) {}

  @Get(':order_id')
  @ApiOperation({ summary: "An order's Stripe payments with Stripe's risk evaluation" })
  @ApiResponse({
    status: 200,
    description: 'The payments',
    schema: { type: 'object', required: ['payments'], properties: { payments: { type: 'array', items: PAYMENT_SCHEMA } } },
  })
  async list(@Param('order_id') orderId: string) {
    return { payments: await this.payments.ofOrder(orderId) };
  }
}
