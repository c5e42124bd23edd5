import { ValidationError, ValidationPipe } from '@nestjs/common';
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

/** The most unknown properties one 400 message names; the rest are counted ("and N more"). */
export const MAX_LISTED_UNKNOWN = 5;
/** The most problems of any kind one 400 message lists. */
export const MAX_LISTED_PROBLEMS = 20;

const UNKNOWN_PROPERTY = /^property \S+ should not exist$/;

/**
 * Medusa's ", "-joined message, in the order found, naming at most MAX_LISTED_UNKNOWN unknown
 * properties and MAX_LISTED_PROBLEMS problems in all; the rest are counted, so a body of many
 * unknown keys is not echoed back.
 */
export function validationMessage(messages: string[]): string {
  const listed: string[] = [];
  let unknown = 0;
  for (const message of messages) {
    if (listed.length === MAX_LISTED_PROBLEMS) break;
    if (UNKNOWN_PROPERTY.test(message) && ++unknown > MAX_LISTED_UNKNOWN) continue;
    listed.push(message);
  }
  const omitted = messages.length - listed.length;
  return omitted > 0 ? `${listed.join(', ')}, and ${omitted} more` : listed.join(', ');
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: false,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => ApiError.invalid(validationMessage(formatValidationErrors(errors)) || 'Invalid request'),
  });
}
