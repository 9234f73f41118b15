import { donorMessageModerated } from '@donaciones/contracts'
import { newEvent, type Decider } from '@donaciones/kit'

export interface ModerateDonorMessage {
  campaignId: string
  donationId: string
  hidden: boolean
}

/** Whether the message is hidden now; a message never moderated is shown. */
export type DonorMessageState = { hidden: boolean }

/** The rules of one donor message (`donor-message-{donationId}`): asking for what already holds records nothing. */
export const donorMessageDecider: Decider<ModerateDonorMessage, DonorMessageState, typeof donorMessageModerated> = {
  events: [donorMessageModerated],
  initialState: { hidden: false },
  evolve(_state, event) {
    switch (event.type) {
      case donorMessageModerated.type:
        return { hidden: event.data.hidden }
    }
  },
  decide(command, state) {
    if (state.hidden === command.hidden) return []
    return [newEvent(donorMessageModerated, { campaignId: command.campaignId, donationId: command.donationId, hidden: command.hidden })]
  },
}
