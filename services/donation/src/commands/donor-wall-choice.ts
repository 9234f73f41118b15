import type { ConektaOrder } from '../providers/conekta-types.ts'
import { metadataString } from '../providers/conekta-types.ts'

/** What the donor chose for the campaign's donor wall: to appear as "Anónimo", and a message. */
export interface DonorWallChoice {
  anonymous?: boolean | undefined
  message?: string | undefined
}

/**
 * The choice as events keep it: always whether the donor is named, the message only when there is one.
 * Only an explicit `anonymous: false` names the donor; a request that says nothing is anonymous (decision 87).
 */
export function wallChoiceOf(input: DonorWallChoice): DonorWallChoice {
  return { anonymous: input.anonymous !== false, ...(input.message ? { message: input.message } : {}) }
}

/** The choice in a Conekta order's metadata: reconciliation records a lost donation from the order alone. */
export function wallMetadata(choice: DonorWallChoice): Record<string, string> {
  return { anonymous: choice.anonymous === false ? 'false' : 'true', ...(choice.message ? { message: choice.message } : {}) }
}

/** The choice an order's metadata holds; none for an order made before the wall existed (its donor stays anonymous). */
export function wallChoiceFromOrder(order: ConektaOrder): DonorWallChoice {
  const anonymous = metadataString(order, 'anonymous')
  if (anonymous === undefined) return {}
  const message = metadataString(order, 'message')
  return { anonymous: anonymous !== 'false', ...(message ? { message } : {}) }
}

/** The choice a recorded request holds, carried unchanged onto its approval (none for a donation from before the wall). */
export function carriedWallChoice(recorded: DonorWallChoice): DonorWallChoice {
  return { ...(recorded.anonymous === undefined ? {} : { anonymous: recorded.anonymous }), ...(recorded.message ? { message: recorded.message } : {}) }
}
