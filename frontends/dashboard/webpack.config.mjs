import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { federatedConfig } from '@donaciones/web-kit/webpack'

export default federatedConfig({
  name: 'dashboard',
  dir: dirname(fileURLToPath(import.meta.url)),
  exposes: { './App': './src/App.tsx' },
})
