// Runs before `npm start` and `npm run demo`: builds the front ends once when their bundles are
// missing (a fresh clone), so the two set-up commands alone serve the whole product.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const dist = process.env.FRONTEND_DIR ? resolve(process.env.FRONTEND_DIR) : resolve(root, 'frontends/dist')
const required = ['index.html', 'remotes/public/remoteEntry.js', 'remotes/setup/remoteEntry.js', 'remotes/dashboard/remoteEntry.js']
const missing = required.filter((file) => !existsSync(resolve(dist, file)))

if (missing.length > 0) {
  console.log('Construyendo el sitio web por primera vez (puede tardar un minuto)...')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, FRONTEND_OUT: dist } })
  if (result.status !== 0) {
    console.error('No se pudo construir el sitio web; revise los mensajes anteriores.')
    process.exit(result.status ?? 1)
  }
}
