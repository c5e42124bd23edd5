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

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: false,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => ApiError.invalid(formatValidationErrors(errors).join(', ') || 'Invalid request'),
  });
}
