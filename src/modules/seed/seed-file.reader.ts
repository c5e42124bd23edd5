import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { readFileSync } from 'fs';
import { ApiError } from '../../common/errors/api-error';
import { SeedFile, UNSUPPORTED_SEED_KEYS } from './seed-file.schema';

export interface ParsedSeedFile {
  data: SeedFile;
  /** Human-readable notes about parts of the file that were skipped. */
  notices: string[];
}

/** At most this many problems are listed; a broken file should not flood the terminal. */
const MAX_REPORTED = 10;

/**
 * Flattens class-validator's error tree into messages naming the entry with its full
 * path, e.g. `products[2].variants[0].prices[1].amount must be an integer number`.
 */
function describeValidationErrors(errors: ValidationError[], parent = ''): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const path = /^\d+$/.test(error.property) ? `${parent}[${error.property}]` : parent ? `${parent}.${error.property}` : error.property;
    // One problem per property: the first declared check (the type) says the most; "ten" is
    // reported as not an integer, not also as "less than 0".
    const [message] = Object.values(error.constraints ?? {}).reverse();
    // class-validator names the bare property ("amount must be..."); put the full path there.
    if (message) messages.push(message.replace(new RegExp(`\\b${error.property}\\b`), path));
    if (error.children?.length) messages.push(...describeValidationErrors(error.children, path));
  }
  return messages;
}

/**
 * Checks the shape of already-parsed seed data and returns it as typed classes.
 * Throws ApiError(invalid_data) listing every bad entry; nothing is written by this step.
 */
export function parseSeedData(raw: unknown, source = 'seed data'): ParsedSeedFile {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw ApiError.invalid(`Invalid seed file ${source}: the top level must be a JSON object`);
  }
  const notices: string[] = [];
  const body = { ...(raw as Record<string, unknown>) };
  for (const key of UNSUPPORTED_SEED_KEYS) {
    if (key in body) {
      notices.push(`"${key}" is not supported by this service and was skipped`);
      delete body[key];
    }
  }
  const data = plainToInstance(SeedFile, body);
  const errors = validateSync(data, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: false });
  if (errors.length) {
    const messages = describeValidationErrors(errors);
    const more = messages.length > MAX_REPORTED ? ` (and ${messages.length - MAX_REPORTED} more)` : '';
    throw ApiError.invalid(`Invalid seed file ${source}: ${messages.slice(0, MAX_REPORTED).join('; ')}${more}`);
  }
  return { data, notices };
}

/** Reads and checks a seed file; a missing file or broken JSON is reported with its path. */
export function readSeedFile(path: string): ParsedSeedFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw ApiError.invalid(`Cannot read seed file ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(err)}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw ApiError.invalid(`Seed file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  return parseSeedData(raw, path);
}
