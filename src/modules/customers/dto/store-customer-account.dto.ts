import { LIST_LIMITS, MaxEntries } from '../../../common/validation/array-limits';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsEmail, IsIn, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { DateComparisonOperator, DateFilter, ListParamsDto, toStringArray } from '../../../common/query/find-params.dto';
import { AddressPayload, IsAddressPayloadOrId } from '../../carts/dto/address-payload.dto';
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '../../orders/order.entity';
import { IsPersonName } from '../../../common/validation/person-name';

/** POST /store/customers/me: every field optional, as Medusa's StorePostCustomersCustomerReq. */
export class StorePostCustomersCustomerReq {
  @IsOptional()
  @IsPersonName()
  first_name?: string;

  @IsOptional()
  @IsPersonName()
  last_name?: string;

  /** An address object, the id of one of the customer's own addresses, or null to remove it. */
  @IsOptional()
  @IsAddressPayloadOrId({ allowNull: true })
  billing_address?: AddressPayload | string | null;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  password?: string;

  @IsOptional()
  @IsString()
  phone?: string;

  @IsOptional()
  @IsEmail()
  email?: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** A new saved address: Medusa's AddressCreatePayload requires these six fields. */
export class AddressCreatePayload {
  @IsPersonName() first_name: string;
  @IsPersonName() last_name: string;
  @IsString() address_1: string;
  @IsString() city: string;
  @IsString() country_code: string;
  @IsString() postal_code: string;
  @IsOptional() @IsString() phone?: string;
  @IsOptional() @IsString() company?: string;
  @IsOptional() @IsString() address_2?: string;
  @IsOptional() @IsString() province?: string;
  @IsOptional() @IsObject() metadata?: Record<string, unknown>;
}

export class StorePostCustomersCustomerAddressesReq {
  @ValidateNested()
  @Type(() => AddressCreatePayload)
  @IsObject()
  address: AddressCreatePayload;
}

/** POST /store/customers/me/addresses/:address_id: any address field. */
export class StorePostCustomersCustomerAddressesAddressReq extends AddressPayload {}

const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value);

/** GET /store/customers/me/orders: Medusa's filters on the customer's own orders. */
export class StoreGetCustomersCustomerOrdersParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @IsString()
  id?: string;

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(ORDER_STATUSES, { each: true })
  status?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(FULFILLMENT_STATUSES, { each: true })
  fulfillment_status?: string[];

  @IsOptional()
  @Transform(toStringArray)
  @IsArray()
  @MaxEntries(LIST_LIMITS.queryFilter)
  @IsIn(PAYMENT_STATUSES, { each: true })
  payment_status?: string[];

  @IsOptional()
  @Transform(toNumber)
  @IsNumber()
  display_id?: number;

  @IsOptional()
  @IsString()
  cart_id?: string;

  @IsOptional()
  @IsString()
  email?: string;

  @IsOptional()
  @IsString()
  region_id?: string;

  @IsOptional()
  @IsString()
  currency_code?: string;

  @IsOptional()
  @Transform(toNumber)
  @IsNumber()
  tax_rate?: number;

  @DateFilter()
  created_at?: DateComparisonOperator;

  @DateFilter()
  updated_at?: DateComparisonOperator;

  @DateFilter()
  canceled_at?: DateComparisonOperator;
}
