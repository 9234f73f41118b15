import { ALREADY_EXISTS, campaignActivationToggled, campaignCreated, campaignUpdated, type EventDataOf, type EventEnvelope } from '@donaciones/contracts'
import { conflict, isEvent, newEvent, notFound, type Decider } from '@donaciones/kit'

export type CampaignDetails = Omit<EventDataOf<typeof campaignUpdated>, 'campaignId' | 'slug'>

/** Details are checked against the read models before deciding; a refusal waits its turn here. */
export type CheckedDetails = { ok: true; details: CampaignDetails } | { ok: false; error: unknown }

/** `titleTaken` is read from the read model (other campaigns' titles are not in this stream). */
export type CampaignCommand =
  | { type: 'update'; id: string; titleTaken: boolean; checked: CheckedDetails }
  | { type: 'toggle'; id: string; active: boolean }

/** The campaign's slug once it exists; it never changes, so shared links keep working. */
export type CampaignState = { slug: string } | null

function slugOf(event: EventEnvelope): string | undefined {
  if (isEvent(campaignCreated, event) || isEvent(campaignUpdated, event)) return event.data.slug
  return undefined
}

export const campaignDecider: Decider<CampaignCommand, CampaignState> = {
  initialState: null,
  evolve(state, event) {
    const slug = slugOf(event)
    return slug === undefined ? state : { slug }
  },
  decide(command, state) {
    if (!state) throw notFound()
    switch (command.type) {
      case 'update':
        if (command.titleTaken) throw conflict(ALREADY_EXISTS)
        if (!command.checked.ok) throw command.checked.error
        return [newEvent(campaignUpdated, { campaignId: command.id, slug: state.slug, ...command.checked.details })]
      case 'toggle':
        return [newEvent(campaignActivationToggled, { campaignId: command.id, active: command.active })]
    }
  },
}
