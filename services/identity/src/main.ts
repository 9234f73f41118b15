import { runServiceProcess } from '@donaciones/kit'
import { identityService } from './index.ts'

await runServiceProcess(identityService)
