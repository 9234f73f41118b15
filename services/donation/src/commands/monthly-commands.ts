import type { EventEnvelope } from '@donaciones/contracts'
import { handleCommandIn, retryingTransaction } from '@donaciones/kit'
import type { DonationCommandContext } from './donation-commands.ts'
import { monthlyDecider, monthlyStream, type MonthlyCommand, type MonthlyState } from './monthly-decider.ts'
import { monthlyMailsFor } from './monthly-mail.ts'

/**
 * Decides on the monthly donation's stream and appends, queueing in the same transaction the mails
 * its events call for (suspension, cancellation); a concurrent writer makes it decide again.
 */
export async function handleMonthly(context: DonationCommandContext, subscriptionId: string, command: MonthlyCommand): Promise<{ state: MonthlyState | null; events: EventEnvelope[] }> {
  const metadata = { actor: context.actor, correlationId: context.correlationId }
  const result = await retryingTransaction(
    context.store,
    async (tx) => {
      const handled = await handleCommandIn(context.store, tx, monthlyStream(subscriptionId), monthlyDecider, command, { metadata })
      for (const mail of monthlyMailsFor(handled.state, handled.events)) await context.mail.enqueue(tx, mail)
      return handled
    },
    5,
  )
  if (monthlyMailsFor(result.state, result.events).length > 0) context.mail.kick()
  return result
}
