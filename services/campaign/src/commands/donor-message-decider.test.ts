import { describe, it } from 'vitest'
import { donorMessageModerated } from '@donaciones/contracts'
import { newEvent } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import { donorMessageDecider } from './donor-message-decider.ts'

const campaignId = '9d0e1f2a-3b4c-4d5e-9f6a-7b8c9d0e1f2a'
const donationId = '0e1f2a3b-4c5d-4e6f-8a7b-8c9d0e1f2a3b'
const moderated = (hidden: boolean) => newEvent(donorMessageModerated, { campaignId, donationId, hidden })
const spec = deciderSpec(donorMessageDecider)

describe('the donor message decider', () => {
  it('hides a shown message and shows a hidden one', () => {
    spec.given([]).when({ campaignId, donationId, hidden: true }).then([moderated(true)])
    spec.given([moderated(true)]).when({ campaignId, donationId, hidden: false }).then([moderated(false)])
    spec.given([moderated(true), moderated(false)]).when({ campaignId, donationId, hidden: true }).then([moderated(true)])
  })

  it('records nothing when asked for what already holds (a message never moderated is shown)', () => {
    spec.given([]).when({ campaignId, donationId, hidden: false }).then([])
    spec.given([moderated(true)]).when({ campaignId, donationId, hidden: true }).then([])
  })
})
