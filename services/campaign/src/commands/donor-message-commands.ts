import type { HistoricalInput } from '@donaciones/contracts'
import { handleCommand, ident, notFound } from '@donaciones/kit'
import type { CommandContext } from './catalog-commands.ts'
import { donorMessageDecider } from './donor-message-decider.ts'

const messageNotFound = () => notFound('Mensaje no encontrado', 'La donación no es de esta campaña o no tiene mensaje')

/** Hides a donor's message from the campaign's wall, or shows it again, with the administrator's justification. */
export async function moderateDonorMessage(command: CommandContext, campaignId: string, donationId: string, hidden: boolean, historical: HistoricalInput): Promise<void> {
  const { rows } = await command.store.db.query(
    `select 1 from ${ident(command.store.schema)}.campaign_donations where donation_id = $1 and campaign_id = $2 and message is not null`,
    [donationId, campaignId],
  )
  if (rows.length === 0) throw messageNotFound()
  await handleCommand(command.store, `donor-message-${donationId}`, donorMessageDecider, { campaignId, donationId, hidden }, {
    metadata: { actor: command.actor, correlationId: command.correlationId, historical },
  })
}
