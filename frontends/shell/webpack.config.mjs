import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { federatedConfig } from '@donaciones/web-kit/webpack'

export default federatedConfig({ name: 'shell', dir: dirname(fileURLToPath(import.meta.url)), host: true })
