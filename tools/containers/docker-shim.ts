import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Engine } from './engine.ts'

export interface DockerShim {
  /** Put first on PATH: `docker` there is the engine. */
  dir: string
  /** Each `docker build` it ran: its tag, milliseconds taken and exit code. */
  builds(): { tag: string; ms: number; code: number }[]
}

const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`

/**
 * A `docker` command for the README's blocks: `docker compose …` is the engine's compose,
 * `docker build …` the engine's build (on podman with the Dockerfile's own ignore file, which
 * BuildKit reads by itself), anything else the engine's CLI. Builds are timed into a log.
 */
export function dockerShim(engine: Engine): DockerShim {
  const dir = mkdtempSync(join(tmpdir(), 'donaciones-docker-'))
  const log = join(dir, 'builds.log')
  writeFileSync(log, '')
  const compose = [engine.compose.bin, ...engine.compose.args].map(quote).join(' ')
  const ignore = engine.name === 'podman' ? '--ignorefile deploy/Dockerfile.dockerignore' : ''
  writeFileSync(
    join(dir, 'docker'),
    `#!/bin/bash
# docker → ${engine.name} (written by tools/containers/docker-shim.ts)
case "$1" in
  compose) shift; exec ${compose} "$@" ;;
  build)
    shift; tag=""; args=("$@")
    while [ $# -gt 0 ]; do case "$1" in -t|--tag) tag=$2; shift ;; esac; shift; done
    started=$(date +%s%N)
    ${quote(engine.bin)} build ${ignore} "\${args[@]}"; code=$?
    echo "$tag $(( ($(date +%s%N) - started) / 1000000 )) $code" >> ${quote(log)}
    exit $code ;;
  *) exec ${quote(engine.bin)} "$@" ;;
esac
`,
  )
  chmodSync(join(dir, 'docker'), 0o755)
  return {
    dir,
    builds: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [tag = '', ms = '0', code = '1'] = line.split(' ')
          return { tag, ms: Number(ms), code: Number(code) }
        }),
  }
}
