import { plainToInstance } from 'class-transformer';
import { IsObject, IsOptional, IsString, validateSync, ValidateBy, ValidationOptions } from 'class-validator';
import { IsPersonName } from '../../../common/validation/person-name';

/** Address fields a cart accepts (Medusa v1's AddressPayload); unknown keys are rejected. */
export class AddressPayload {
  @IsOptional() @IsPersonName() first_name?: string;
  @IsOptional() @IsPersonName() last_name?: string;
  @IsOptional() @IsString() phone?: string;
  @IsOptional() @IsString() company?: string;
  @IsOptional() @IsString() address_1?: string;
  @IsOptional() @IsString() address_2?: string;
  @IsOptional() @IsString() city?: string;
  @IsOptional() @IsString() country_code?: string;
  @IsOptional() @IsString() province?: string;
  @IsOptional() @IsString() postal_code?: string;
  @IsOptional() @IsObject() metadata?: Record<string, unknown>;
}

/** The problems with an address payload, empty when it is valid. */
function addressPayloadErrors(value: unknown): string[] {
  const instance = plainToInstance(AddressPayload, value);
  return validateSync(instance as object, { whitelist: true, forbidNonWhitelisted: true }).flatMap((e) => Object.values(e.constraints ?? {}));
}

/**
 * An address given as an AddressPayload object or as the id of an existing address
 * (null too when `allowNull`): the union Medusa v1 accepts for cart addresses.
 */
export function IsAddressPayloadOrId(options: { allowNull?: boolean } = {}, validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAddressPayloadOrId',
      validator: {
        validate: (value: unknown) => {
          if (value === null) return !!options.allowNull;
          if (typeof value === 'string') return value.trim().length > 0;
          if (typeof value !== 'object' || Array.isArray(value)) return false;
          return addressPayloadErrors(value).length === 0;
        },
        defaultMessage: (args) => {
          const value = args?.value;
          const detail = value && typeof value === 'object' && !Array.isArray(value) ? `: ${addressPayloadErrors(value).join(', ')}` : '';
          return `${args?.property} must be one of: AddressPayload, String${detail}`;
        },
      },
    },
    validationOptions,
  );
}
