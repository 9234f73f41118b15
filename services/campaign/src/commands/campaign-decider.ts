import { campaignActivationToggled, campaignCreated, campaignUpdated, type EventDataOf } from '@donaciones/contracts'
import { newEvent, refuse, type Decider } from '@donaciones/kit'

export type CampaignDetails = Omit<EventDataOf<typeof campaignUpdated>, 'campaignId' | 'slug'>

/** Details are checked against the read models before deciding; a refusal waits its turn here. */
export type CheckedDetails = { ok: true; details: CampaignDetails } | { ok: false; error: unknown }

/** `titleTaken` is read from the read model (other campaigns' titles are not in this stream). */
export type CampaignCommand =
  | { type: 'update'; id: string; titleTaken: boolean; checked: CheckedDetails }
  | { type: 'toggle'; id: string; active: boolean }

/** The campaign's slug once it exists; it never changes, so shared links keep working. */
export type CampaignState = { slug: string } | null

type CampaignEvent = typeof campaignCreated | typeof campaignUpdated | typeof campaignActivationToggled

export const campaignDecider: Decider<CampaignCommand, CampaignState, CampaignEvent> = {
  events: [campaignCreated, campaignUpdated, campaignActivationToggled],
  initialState: null,
  evolve(state, event) {
    switch (event.type) {
      case campaignCreated.type:
      case campaignUpdated.type:
        return { slug: event.data.slug }
      case campaignActivationToggled.type:
        return state
    }
  },
  decide(command, state) {
    if (!state) throw refuse.notFound()
    switch (command.type) {
      case 'update':
        if (command.titleTaken) throw refuse.alreadyExists()
        if (!command.checked.ok) throw command.checked.error
        return [newEvent(campaignUpdated, { campaignId: command.id, slug: state.slug, ...command.checked.details })]
      case 'toggle':
        return [newEvent(campaignActivationToggled, { campaignId: command.id, active: command.active })]
    }
  },
}
