import { IsArray, IsJWT, IsNotEmpty, IsString } from 'class-validator';
import { MaxEntries } from '../../../common/validation/array-limits';

/** The most orders one claim names: one mail, one token, a bounded lock set at confirm. */
export const MAX_CLAIMED_ORDERS = 50;

/** Medusa v1's StorePostCustomersCustomerOrderClaimReq (its messages first), bounded, and an array (a string is not a list of ids). */
export class StorePostCustomersCustomerOrderClaimReq {
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @IsArray()
  @MaxEntries(MAX_CLAIMED_ORDERS)
  order_ids!: string[];
}

/** Medusa v1's StorePostCustomersCustomerAcceptClaimReq. */
export class StorePostCustomersCustomerAcceptClaimReq {
  @IsNotEmpty()
  @IsJWT()
  token!: string;
}
