import { mkdirSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'
import WebSocket from 'ws'
import type { RunningProcess } from '../../tests/support/processes.ts'

/**
 * BENCH_PROFILE_DIR: each server process runs with an inspector on a port of its own, and each
 * measured run (not start-up, warm-up or calibration) is profiled alone, in every server process
 * and in the bench process that generates the load.
 */
export const profileDir = process.env.BENCH_PROFILE_DIR
export const inspectorArgs = profileDir ? ['--inspect=127.0.0.1:0'] : []

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
}
interface ProfileNode {
  id: number
  callFrame: CallFrame
  hitCount?: number
}
export interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
}

interface Profiler {
  start(): Promise<void>
  stop(): Promise<CpuProfile>
}

function inspectorUrl(process: RunningProcess): string {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(process.output())?.[1]
  if (!url) throw new Error('El proceso no abrió su inspector (¿se inició con BENCH_PROFILE_DIR?)')
  return url
}

/** A Chrome DevTools Protocol client of another process's inspector. */
async function remoteProfiler(process: RunningProcess): Promise<Profiler> {
  const socket = new WebSocket(inspectorUrl(process))
  await new Promise<void>((done, fail) => {
    socket.once('open', () => done())
    socket.once('error', fail)
  })
  let nextId = 0
  const pending = new Map<number, (result: unknown) => void>()
  socket.on('message', (data: WebSocket.RawData) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown }
    if (message.id !== undefined) pending.get(message.id)?.(message.result)
  })
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((done) => {
      nextId += 1
      pending.set(nextId, done)
      socket.send(JSON.stringify({ id: nextId, method, params }))
    })
  return {
    async start() {
      await send('Profiler.enable')
      await send('Profiler.start')
    },
    async stop() {
      const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile }
      socket.close()
      return profile
    },
  }
}

function ownProfiler(): Profiler {
  const session = new Session()
  session.connect()
  return {
    async start() {
      await session.post('Profiler.enable')
      await session.post('Profiler.start')
    },
    async stop() {
      const { profile } = await session.post('Profiler.stop')
      session.disconnect()
      return profile as unknown as CpuProfile
    },
  }
}

/** Where a function lives: a package's name, or the repository's top folder (`services/campaign`). */
function placeOf(url: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (inPackage?.[1]) return inPackage[1]
  const inRepository = /\/((?:services|platform|gateway|tools|contracts|tests)\/[^/]+|services\/kit)\//.exec(url)
  if (inRepository?.[1]) return inRepository[1]
  if (url.startsWith('node:')) return 'node'
  return url === '' ? '(V8 / native)' : url
}

/** Self time by function and by place, in % of the samples, idle shown apart. */
export function summariseProfile(profile: CpuProfile, top = 12): string[] {
  const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0)
  if (total === 0) return ['(sin muestras)']
  const byFunction = new Map<string, number>()
  const byPlace = new Map<string, number>()
  let idle = 0
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0
    if (hits === 0) continue
    const { functionName, url, lineNumber } = node.callFrame
    if (functionName === '(idle)') {
      idle += hits
      continue
    }
    const name = `${functionName || '(anónima)'} ${url.replace(/^.*\/(node_modules|work\/[^/]+)\//, '')}:${lineNumber + 1}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits)
    const place = functionName.startsWith('(') ? functionName : placeOf(url)
    byPlace.set(place, (byPlace.get(place) ?? 0) + hits)
  }
  const percent = (hits: number) => `${((hits / total) * 100).toFixed(1)} %`
  const ranked = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
  return [
    `inactivo ${percent(idle)}`,
    `por lugar: ${ranked(byPlace).map(([place, hits]) => `${place} ${percent(hits)}`).join(' · ')}`,
    ...ranked(byFunction).map(([name, hits]) => `  ${percent(hits).padStart(7)}  ${name}`),
  ]
}

export interface ProfiledProcess {
  name: string
  process: RunningProcess
}

/** Profiles every given server process and this one during `run`; writes `<label>.<name>.cpuprofile` and logs a summary. */
export async function profiled<T>(dir: string, label: string, processes: ProfiledProcess[], log: (line: string) => void, run: () => Promise<T>): Promise<T> {
  const profilers: { name: string; profiler: Profiler }[] = [
    ...(await Promise.all(processes.map(async ({ name, process }) => ({ name, profiler: await remoteProfiler(process) })))),
    { name: 'bench', profiler: ownProfiler() },
  ]
  let profiles: { name: string; profile: CpuProfile }[] = []
  await Promise.all(profilers.map(({ profiler }) => profiler.start()))
  // Every profiler is stopped even when the run fails: a process left profiling keeps its inspector session open.
  const result = await run().finally(async () => {
    profiles = await Promise.all(profilers.map(async ({ name, profiler }) => ({ name, profile: await profiler.stop() })))
  })
  mkdirSync(dir, { recursive: true })
  for (const { name, profile } of profiles) {
    const file = join(dir, `${label.replace(/[^\w.-]+/g, '-')}.${name}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    log(`  perfil ${label} · ${name} (${file}):`)
    for (const line of summariseProfile(profile)) log(`    ${line}`)
  }
  return result
}
