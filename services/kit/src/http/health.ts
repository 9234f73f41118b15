import { Router } from 'express'
import type { Request, Response } from 'express'
import type { Logger } from './logger.ts'

/** Rejects, times out or resolves to `false` when the dependency is not usable. */
export type ReadinessCheck = () => Promise<unknown>
export type ReadinessChecks = Record<string, ReadinessCheck>

export type ReadinessResult = { ok: true } | { ok: false; name: string; reason: unknown }

export interface HealthOptions {
  readiness?: ReadinessChecks
  /** Per check; defaults to 2000 ms. */
  timeoutMs?: number
  logger?: Logger
}

/**
 * Thrown by a check whose dependency answers but says the service should take no traffic yet: its
 * Spanish description and details make the 503 body instead of "Dependencia no disponible".
 */
export class NotReady extends Error {
  override readonly name = 'NotReady'
  constructor(
    readonly description: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(description)
  }
}

class CheckTimeout extends Error {
  override readonly name = 'CheckTimeout'
}

async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`Sin respuesta en ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    const result = await Promise.race([Promise.resolve().then(check), timeout])
    if (result === false) throw new Error('La verificación respondió false')
    return result
  } finally {
    clearTimeout(timer)
  }
}

/** Runs all checks at once; reports the first failing one in declaration order. */
export async function runReadinessChecks(checks: ReadinessChecks, timeoutMs = 2000): Promise<ReadinessResult> {
  const entries = Object.entries(checks)
  const outcomes = await Promise.allSettled(entries.map(([, check]) => runCheck(check, timeoutMs)))
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.status === 'rejected') return { ok: false, name: entries[index]![0], reason: outcome.reason }
  }
  return { ok: true }
}

/** `GET /healthz` (the process is alive) and `GET /readyz` (its dependencies answer and nothing holds it back). */
export function healthRouter(options: HealthOptions = {}): Router {
  const router = Router()
  router.get('/healthz', (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' })
  })
  router.get('/readyz', async (_req: Request, res: Response) => {
    const result = await runReadinessChecks(options.readiness ?? {}, options.timeoutMs)
    res.set('Cache-Control', 'no-store')
    if (result.ok) {
      res.json({ status: 'ok' })
      return
    }
    if (result.reason instanceof NotReady) {
      options.logger?.warn({ check: result.name, ...result.reason.details }, result.reason.description)
      res.status(503).json({ message: 'Servicio no disponible', description: result.reason.description, ...result.reason.details })
      return
    }
    options.logger?.warn({ check: result.name, err: result.reason }, 'Dependencia no disponible')
    res.status(503).json({ message: 'Servicio no disponible', description: `Dependencia no disponible: ${result.name}` })
  })
  return router
}
