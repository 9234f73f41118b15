import { auditService } from '@donaciones/audit'
import { campaignService } from '@donaciones/campaign'
import { contentService } from '@donaciones/content'
import { donationService } from '@donaciones/donation'
import { identityService } from '@donaciones/identity'
import type { ServiceDefinition } from '@donaciones/kit'

export const allServices: readonly ServiceDefinition[] = [identityService, contentService, campaignService, donationService, auditService]
