import { randomInt } from 'crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** Medusa's gift card code shape: four groups of four upper-case alphanumerics, e.g. `7KQ2-ZP0D-M3XA-91BF`. */
export const GIFT_CARD_CODE_PATTERN = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;

/**
 * A new random gift card code. Uses the CSPRNG because the code alone is a bearer
 * credential for the card's balance: 36^16 (~82 bits) makes guessing impractical.
 */
export function generateGiftCardCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** How a code typed by a customer is compared: codes are stored upper-case, so case and surrounding spaces do not matter. */
export function normalizeGiftCardCode(code: string): string {
  return code.trim().toUpperCase();
}
