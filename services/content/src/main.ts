import { runServiceProcess } from '@donaciones/kit'
import { contentService } from './index.ts'

await runServiceProcess(contentService)
