import { Body, Get, HttpCode, Module, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { PaymentOperationsService } from './payment-operations.service';
import { PaymentsModule } from './payments.module';
import { REFUND_REASONS, RefundReason } from './refund.entity';

/** Medusa v1's AdminPostPaymentRefundsReq. */
class AdminPostPaymentRefundsReq {
  // A negative refund would take money: the service refuses it (Medusa's validation lets it pass).
  @IsInt()
  amount: number;

  @IsIn(REFUND_REASONS)
  reason: RefundReason;

  @IsOptional()
  @IsString()
  note?: string;
}

/**
 * `/admin/payments/:id` (Medusa 10.1): read, capture and refund one payment. Neither write
 * changes the order's payment_status (Medusa's behaviour; the order routes do).
 */
@ApiTags('Payments')
@AdminController('payments')
class AdminPaymentsController {
  constructor(private readonly payments: PaymentOperationsService) {}

  @Get(':id')
  @ApiOperation({ summary: 'Get Payment details' })
  @MedusaResponse('AdminPaymentRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto) {
    return { payment: await this.payments.retrieve(id) };
  }

  @Post(':id/capture')
  @HttpCode(200)
  @ApiOperation({ summary: 'Capture a Payment' })
  @MedusaResponse('AdminPaymentRes')
  async capture(@Param('id') id: string) {
    return { payment: await this.payments.capture(id) };
  }

  @Post(':id/refund')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refund Payment' })
  @MedusaResponse('AdminRefundRes')
  async refund(@Param('id') id: string, @Body() body: AdminPostPaymentRefundsReq) {
    return { refund: await this.payments.refund(id, body) };
  }
}

/** `/admin/payments`. */
@Module({ imports: [PaymentsModule], controllers: [AdminPaymentsController] })
export class AdminPaymentsModule {}
