import { DONOR_MESSAGE_MAX_MARKS } from '../limits.ts'
import { DONOR_MESSAGE_CONTROL_CHARACTERS, DONOR_MESSAGE_LINE_BREAK, DONOR_MESSAGE_STACKED_MARKS } from '../messages.ts'

/**
 * A donor's message is one short plain paragraph shown to every visitor of the campaign, so it may
 * not carry what would change how the wall around it reads:
 * - line breaks (LF, CR, VT, FF, NEL, U+2028, U+2029): one paragraph, no lines;
 * - the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can
 *   turn the text that follows around, and any other control character (U+0000–U+001F, U+007F–U+009F);
 * - more than DONOR_MESSAGE_MAX_MARKS combining marks on one character, counted after NFC, so an
 *   accent typed as a separate mark counts as the composed letter it is.
 * Written without zod: the donation card checks the field with it before loading the validation library.
 */
const lineBreak = /[\n\r\v\f\u0085\u2028\u2029]/u
// \p{Cc} is every C0 and C1 control character (U+0000–U+001F, U+007F–U+009F).
const controlCharacter = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u
const stackedMarks = new RegExp(`\\p{M}{${DONOR_MESSAGE_MAX_MARKS + 1},}`, 'u')

/** The Spanish reason `message` (already trimmed) is not an acceptable donor message, or null. */
export function donorMessageProblem(message: string): string | null {
  if (lineBreak.test(message)) return DONOR_MESSAGE_LINE_BREAK
  if (controlCharacter.test(message)) return DONOR_MESSAGE_CONTROL_CHARACTERS
  if (stackedMarks.test(message.normalize('NFC'))) return DONOR_MESSAGE_STACKED_MARKS
  return null
}
