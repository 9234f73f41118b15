import { NotReady, type ReadinessCheck } from '../http/health.ts'
import type { ProjectionLag } from '../messaging/projection-consumer.ts'

/**
 * `/readyz`'s check of the projections a service's consumer feeds: not ready while one has more than
 * `maxLag` events waiting for it on the bus (0 turns the check off), so a replica catching up on a
 * long backlog takes no traffic. A lag the bus cannot tell (NATS away) holds nothing back: the
 * service still answers from its database, and the bus has alerts of its own.
 */
export function projectionLagCheck(source: { lag(): Promise<ProjectionLag[]> }, maxLag: number): ReadinessCheck {
  return async () => {
    if (maxLag <= 0) return
    const lagging = (await source.lag()).filter((entry): entry is { projection: string; lag: number } => entry.lag !== undefined && entry.lag > maxLag)
    if (lagging.length === 0) return
    const named = lagging.map(({ projection, lag }) => `${projection} (${lag} eventos)`).join(', ')
    throw new NotReady(`Proyecciones atrasadas, con más de ${maxLag} eventos por aplicar: ${named}`, { maxLag, lagging })
  }
}
