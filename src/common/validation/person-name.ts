import { applyDecorators } from '@nestjs/common';
import { IsString, ValidateBy } from 'class-validator';

/**
 * The longest first or last name accepted, in characters (code points). Real names fit
 * with room to spare (a passport's machine-readable zone holds 39 characters of a whole
 * name; long compound and transliterated names stay well below 100), while a name can no
 * longer carry a paragraph or a 4 KB message into everything that shows it (admin lists,
 * exports, mails).
 */
export const MAX_PERSON_NAME_LENGTH = 100;

/**
 * What a name never contains: control characters (C0 with tab, CR and LF, DEL, C1), the
 * Unicode line and paragraph separators, and the bidirectional embeddings, overrides and
 * isolates that make a run of text display in another order than it is stored (what
 * follows a name in a mail or a list could be shown reversed). The single direction marks
 * (LRM, RLM, ALM) stay, as the zero-width joiners do: right-to-left keyboards type them,
 * and they turn no run around.
 */
const FORBIDDEN_IN_NAMES = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * A person's first or last name (customers, their addresses, cart and draft-order
 * addresses, users): a string of at most MAX_PERSON_NAME_LENGTH characters without control
 * characters or bidirectional overrides; otherwise a 400 invalid_data naming the property.
 * Names are typed by anyone who registers, and shown where the shop speaks (mails, the
 * admin): they must stay a single short line.
 */
export function IsPersonName(): PropertyDecorator {
  return applyDecorators(
    IsString(),
    ValidateBy({
      name: 'maxPersonNameLength',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || [...value].length <= MAX_PERSON_NAME_LENGTH,
        defaultMessage: () => `$property must be at most ${MAX_PERSON_NAME_LENGTH} characters`,
      },
    }),
    ValidateBy({
      name: 'singleLineName',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !FORBIDDEN_IN_NAMES.test(value),
        defaultMessage: () => '$property must not contain line breaks, tabs, other control characters or bidirectional overrides',
      },
    }),
  );
}
