import { ArgumentMetadata, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { ApiError } from '../errors/api-error';

/** Flattens nested class-validator errors into Medusa's ", "-joined message. */
export function formatValidationErrors(errors: ValidationError[], parent = ''): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      for (const message of Object.values(error.constraints).reverse()) {
        messages.push(parent ? withPath(message, error.property, path) : message);
      }
    }
    if (error.children?.length) messages.push(...formatValidationErrors(error.children, path));
  }
  return messages;
}

/**
 * A nested property's message names its path (`rule.type must be ...`, `property
 * rule.x should not exist`, `each value in rule.x ...`); a message written as a sentence of its own (Medusa's
 * custom wording, e.g. `Invalid rule type, ...`) is kept as it is, as Medusa sends it.
 */
function withPath(message: string, property: string, path: string): string {
  if (message.startsWith(`${property} `)) return path + message.slice(property.length);
  for (const lead of ['property ', 'each value in ']) {
    if (message.startsWith(`${lead}${property} `)) return lead + path + message.slice(lead.length + property.length);
  }
  return message;
}

function isEmptyPlainObject(value: unknown): value is Record<string, never> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.keys(value).length === 0;
}

/**
 * Nest's ValidationPipe, remembering which DTO classes accept an empty object.
 *
 * Why: most GETs come without a query string, and validating `{}` against a query DTO
 * (class-validator looks up the class's rules on every call) was about 5% of the CPU of
 * a small list request, always with the same outcome. Our validators are pure functions
 * of the value (no custom constraint reads anything else), so once `{}` has passed for a
 * class it passes again: the next empty object is only transformed, as the pipe would
 * return it. A non-empty value, or a class that rejected `{}`, is validated every time.
 */
export class AppValidationPipe extends ValidationPipe {
  private readonly acceptsEmptyObject = new WeakSet<Type<unknown>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype;
    const empty = !!metatype && isEmptyPlainObject(value) && this.toValidate(metadata);
    if (empty && this.acceptsEmptyObject.has(metatype)) return plainToInstance(metatype, value, this.transformOptions);
    const result = await super.transform(value, metadata);
    if (empty) this.acceptsEmptyObject.add(metatype);
    return result;
  }
}

export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: false,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => ApiError.invalid(formatValidationErrors(errors).join(', ') || 'Invalid request'),
  });
}
