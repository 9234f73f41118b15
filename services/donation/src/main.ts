import { runServiceProcess } from '@donaciones/kit'
import { donationService } from './index.ts'

await runServiceProcess(donationService)
