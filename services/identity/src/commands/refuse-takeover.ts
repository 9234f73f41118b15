import { userChangeRefused, type EventEnvelope, type EventMetadata } from '@donaciones/contracts'
import { isEvent, type NewEvent } from '@donaciones/kit'
import { takeoverForbidden } from './authorization.ts'
import { metadataOf, type CommandMeta } from './deps.ts'

/**
 * The metadata of an administrator's change of a user: a refused takeover (the user decider's
 * UserChangeRefused) changed nothing, so it is recorded without the change's justification.
 */
export function adminChangeMetadata(meta: CommandMeta): (decided: readonly NewEvent[]) => EventMetadata {
  return (decided) =>
    decided.some((event) => event.definition === userChangeRefused) ? metadataOf({ actor: meta.actor, correlationId: meta.correlationId }) : metadataOf(meta)
}

/** The reason of a refused takeover among the appended events, or null when the change went ahead. */
export function refusalAmong(events: readonly EventEnvelope[]): string | null {
  const refused = events.find((event) => isEvent(userChangeRefused, event))
  return refused && isEvent(userChangeRefused, refused) ? refused.data.reason : null
}

/** After the refusal's transaction committed (the record stays): its 403. */
export function throwIfRefused(events: readonly EventEnvelope[]): void {
  const reason = refusalAmong(events)
  if (reason) throw takeoverForbidden(reason)
}
