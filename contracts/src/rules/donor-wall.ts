import { z } from 'zod'
import { DONOR_MESSAGE_MAX } from '../limits.ts'
import { maxLengthMessage } from '../messages.ts'
import { donorMessageProblem } from './donor-message.ts'

/**
 * What a donor chooses for the campaign's donor wall as they give: to appear as "Anónimo" (no choice
 * is anonymous), and an optional message, one plain paragraph (`donorMessageProblem`; an empty one is no message).
 */
export const donorWallChoiceShape = {
  anonymous: z.boolean().optional(),
  message: z
    .string()
    .trim()
    .max(DONOR_MESSAGE_MAX, maxLengthMessage(DONOR_MESSAGE_MAX))
    .superRefine((message, context) => {
      const problem = donorMessageProblem(message)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    })
    .transform((message) => message || undefined)
    .optional(),
}

/**
 * The wall choice as events record it (already validated by the request; messages recorded before
 * the paragraph rule keep whatever they held). Donations recorded before the wall existed have no
 * `anonymous`: their donors never agreed to be named on it.
 */
export const donorWallChoiceEventShape = {
  anonymous: z.boolean().optional(),
  message: z.string().max(DONOR_MESSAGE_MAX).optional(),
}

/**
 * The name a donor wall shows: the first name and the initial of the next one ("Ana P."), never
 * the full name; null ("Anónimo") unless the donor chose to be named, or when they gave no name.
 */
export function donorWallName(fullName: string, anonymous: boolean | undefined): string | null {
  if (anonymous !== false) return null
  const [first, next] = fullName.trim().split(/\s+/)
  if (!first) return null
  const initial = next ? ` ${next.charAt(0).toLocaleUpperCase('es-MX')}.` : ''
  return `${first}${initial}`
}
