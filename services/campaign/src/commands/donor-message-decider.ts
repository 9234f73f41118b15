import { donorMessageModerated } from '@donaciones/contracts'
import { isEvent, newEvent, type Decider } from '@donaciones/kit'

export interface ModerateDonorMessage {
  campaignId: string
  donationId: string
  hidden: boolean
}

/** Whether the message is hidden now; a message never moderated is shown. */
export type DonorMessageState = { hidden: boolean }

/** The rules of one donor message (`donor-message-{donationId}`): asking for what already holds records nothing. */
export const donorMessageDecider: Decider<ModerateDonorMessage, DonorMessageState> = {
  initialState: { hidden: false },
  evolve(state, event) {
    return isEvent(donorMessageModerated, event) ? { hidden: event.data.hidden } : state
  },
  decide(command, state) {
    if (state.hidden === command.hidden) return []
    return [newEvent(donorMessageModerated, { campaignId: command.campaignId, donationId: command.donationId, hidden: command.hidden })]
  },
}
