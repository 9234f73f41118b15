import { readFileSync } from 'node:fs'
import { startBareReference } from './bare-reference.ts'
import { runLoad, type LoadResult } from './load.ts'
import type { Platform, ServerProcess } from './platform.ts'
import type { BenchOptions } from './types.ts'

export const spikeConnections = 2000
/** A visitor who waits longer than this has given up: the request counts as a timeout, an error. */
export const spikeTimeoutSeconds = 10

/** Resident memory of one server process around the spike, in MiB. */
export interface SpikeMemory {
  name: string
  beforeMiB: number
  /** The highest value sampled while the spike ran. */
  peakMiB: number
  afterMiB: number
}

export interface SpikeResult {
  load: LoadResult
  /** The same spike on a bare express handler answering the same JSON (its own process), right after. */
  bare: LoadResult
  memory: SpikeMemory[]
  /** The open-files limit the load generator ran under (each connection is a socket on both sides). */
  openFilesLimit: number
  /**
   * Connection attempts the kernel dropped while the spike ran because a listen queue was full
   * (TcpExt ListenOverflows, machine-wide): each one is retried by the client a second or more later.
   */
  listenOverflows: number
}

/** The processes whose memory the spike reports: the one embedded process, or the gateway and the campaign service. */
const watched = new Set(['embedded', 'gateway', 'campaign'])

/** VmRSS of a process from /proc, in MiB. */
export function residentMiB(pid: number): number {
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  if (!Number.isFinite(kib)) throw new Error(`No se pudo leer la memoria residente del proceso ${pid}`)
  return kib / 1024
}

/** The soft limit of open files of this process (children inherit it), from /proc/self/limits. */
export function openFilesLimit(): number {
  const line = /^Max open files\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1]
  return line === undefined || line === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line)
}

/** A TcpExt counter of the kernel (/proc/net/netstat), machine-wide. */
export function tcpCounter(name: string): number {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n')
  const header = lines.findIndex((line) => line.startsWith('TcpExt:'))
  const names = lines[header]?.split(/\s+/) ?? []
  const values = lines[header + 1]?.split(/\s+/) ?? []
  const index = names.indexOf(name)
  return index > 0 ? Number(values[index] ?? 0) : 0
}

/**
 * Issue 17, spike: 2,000 concurrent visitors on one campaign page through the gateway, with no
 * warm-up beyond one request, 20 s (5 s quick). Every request must be answered with a 2xx within
 * 10 s; the
 * resident memory of the server processes is read before, during (every 250 ms) and after.
 */
export async function benchSpike(platform: Platform, options: BenchOptions): Promise<SpikeResult> {
  const limit = openFilesLimit()
  // Node raises its soft limit to the hard one at start-up; below this the spike cannot open its sockets.
  const needed = spikeConnections + 1000
  if (limit < needed) {
    throw new Error(`El límite de archivos abiertos es ${limit}; la prueba de pico necesita al menos ${needed} (súbalo, también el límite duro, con ulimit -n ${needed * 2} antes de npm run bench)`)
  }
  const path = `/api/public/campaigns/${platform.campaign.slug}`
  const response = await fetch(`${platform.url}${path}`)
  if (!response.ok) throw new Error(`La campaña pública no respondió: ${response.status}`)
  await response.arrayBuffer()

  const processes: ServerProcess[] = platform.processes.filter(({ name }) => watched.has(name))
  const pidOf = ({ process }: ServerProcess) => {
    if (process.child.pid === undefined) throw new Error('Un proceso del servidor no tiene pid')
    return process.child.pid
  }
  const memory: SpikeMemory[] = processes.map((server) => {
    const before = residentMiB(pidOf(server))
    return { name: server.name, beforeMiB: before, peakMiB: before, afterMiB: before }
  })
  const exited = () => processes.filter(({ process }) => process.child.exitCode !== null || process.child.signalCode !== null)
  const sample = () =>
    processes.forEach((server, index) => {
      const entry = memory[index]
      // A process that ended is reported after the load, not here: a throw in a timer would end the bench and leave the others running.
      if (entry && !exited().includes(server)) entry.peakMiB = Math.max(entry.peakMiB, residentMiB(pidOf(server)))
    })
  const overflowsBefore = tcpCounter('ListenOverflows')
  const sampler = setInterval(sample, 250)
  let load: LoadResult
  try {
    load = await options.measure('pico', () =>
      runLoad({ url: `${platform.url}${path}`, connections: spikeConnections, seconds: options.quick ? 5 : 20, timeoutSeconds: spikeTimeoutSeconds }),
    )
  } finally {
    clearInterval(sampler)
  }
  const listenOverflows = tcpCounter('ListenOverflows') - overflowsBefore
  const ended = exited()
  if (ended.length > 0) throw new Error(`Terminó durante el pico: ${ended.map(({ name }) => name).join(', ')}`)
  sample()
  processes.forEach((server, index) => {
    const entry = memory[index]
    if (entry) entry.afterMiB = residentMiB(pidOf(server))
  })
  const mib = (value: number) => `${value.toFixed(0)} MiB`
  options.log(
    `  pico ${spikeConnections} conexiones: ${load.requestsPerSecond.toFixed(0)} req/s (p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms), ` +
      `${load.sent} enviadas, ${load.non2xx} no 2xx, ${load.errors} errores, ${load.timeouts} agotados, ${listenOverflows} conexiones descartadas por colas de escucha llenas; ` +
      memory.map((entry) => `${entry.name} ${mib(entry.beforeMiB)} → ${mib(entry.afterMiB)} (máx. ${mib(entry.peakMiB)})`).join(', '),
  )
  // The reference: what Node itself does with 2,000 connections opened at once on one process.
  const reference = await startBareReference(platform)
  let bare: LoadResult
  try {
    bare = await runLoad({ url: reference.url, connections: spikeConnections, seconds: options.quick ? 5 : 20, timeoutSeconds: spikeTimeoutSeconds })
  } finally {
    await reference.stop()
  }
  options.log(`  pico en el manejador mínimo: ${bare.requestsPerSecond.toFixed(0)} req/s (p99 ${bare.p99Ms} ms), ${bare.errors} errores, ${bare.timeouts} agotados`)
  return { load, memory, openFilesLimit: limit, listenOverflows, bare }
}
