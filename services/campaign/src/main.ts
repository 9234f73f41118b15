import { runServiceProcess } from '@donaciones/kit'
import { campaignService } from './index.ts'

await runServiceProcess(campaignService)
