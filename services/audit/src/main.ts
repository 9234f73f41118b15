import { runServiceProcess } from '@donaciones/kit'
import { auditService } from './index.ts'

await runServiceProcess(auditService)
