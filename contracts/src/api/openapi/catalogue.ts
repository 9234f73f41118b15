import type { ApiOperation } from './operation.ts'
import { auditOperations } from './routes/audit.ts'
import { campaignOperations } from './routes/campaigns.ts'
import { catalogOperations } from './routes/catalog.ts'
import { donationOperations } from './routes/donations.ts'
import { monthlyDonationOperations } from './routes/monthly-donations.ts'
import { gatewayOperations } from './routes/operations.ts'
import { publicCampaignOperations } from './routes/public-campaigns.ts'
import { receiptOperations } from './routes/receipts.ts'
import { sessionOperations } from './routes/session.ts'
import { siteOperations } from './routes/site.ts'
import { userOperations } from './routes/users.ts'

/**
 * Every route the gateway answers publicly, one entry each (tests/api-description proves the list
 * against the services' routers). The services' `/internal` routes and their `/metrics`, `/healthz`
 * and `/readyz` are not gateway routes and are not here.
 */
export const apiOperations: readonly ApiOperation[] = [
  ...sessionOperations,
  ...userOperations,
  ...siteOperations,
  ...catalogOperations,
  ...campaignOperations,
  ...publicCampaignOperations,
  ...donationOperations,
  ...monthlyDonationOperations,
  ...receiptOperations,
  ...auditOperations,
  ...gatewayOperations,
]
