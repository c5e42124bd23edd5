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

/** The most problems one 400 message lists; the rest are counted ("and N more"). */
export const MAX_LISTED_PROBLEMS = 5;

/** Medusa's ", "-joined message, listing at most MAX_LISTED_PROBLEMS problems. */
export function validationMessage(messages: string[]): string {
  if (messages.length <= MAX_LISTED_PROBLEMS) return messages.join(', ');
  return `${messages.slice(0, MAX_LISTED_PROBLEMS).join(', ')}, and ${messages.length - MAX_LISTED_PROBLEMS} more`;
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
