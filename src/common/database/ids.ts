import { ulid } from 'ulid';

/** Medusa's id format: `<prefix>_<ULID>`, time ordered, unguessable enough to be a cart key. */
export function generateEntityId(prefix: string): string {
  return `${prefix}_${ulid()}`;
}
