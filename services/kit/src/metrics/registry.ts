import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** Computes a lag on scrape; undefined leaves the gauge as it was (e.g. the table does not exist yet). */
export type LagSource = () => Promise<number | undefined>

/**
 * A lag that cannot be read now (its database is down or already closed) leaves the gauge as it
 * was: the scrape still answers with every other series instead of failing whole.
 */
const readLag = async (source: LagSource | undefined): Promise<number | undefined> => source?.().catch(() => undefined)

/**
 * One registry per service (and one for the gateway), every series labelled `service`: several
 * services share one process in embedded mode and must not collide in a global registry.
 */
export class ServiceMetrics {
  readonly registry = new Registry()
  readonly httpRequests: Counter<'method' | 'route' | 'status'>
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>
  readonly appendDuration: Histogram
  private relayLagSource: LagSource | undefined
  private readonly consumerLagSources = new Map<string, LagSource>()

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service })
    collectDefaultMetrics({ register: this.registry })
    const registers = [this.registry]
    this.httpRequests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    })
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    this.appendDuration = new Histogram({
      name: 'eventstore_append_duration_seconds',
      help: 'Time to append events to the log, inline projections included',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    })
    const relayLag = (): LagSource | undefined => this.relayLagSource
    new Gauge({
      name: 'outbox_relay_lag_events',
      help: 'Events committed to the log but not yet published by the outbox relay',
      registers,
      async collect() {
        const value = await readLag(relayLag())
        if (value !== undefined) this.set(value)
      },
    })
    const consumerLag = this.consumerLagSources
    new Gauge({
      name: 'projection_consumer_lag_events',
      help: 'Events in the producing services’ logs not yet applied by this consumer',
      labelNames: ['consumer'],
      registers,
      async collect() {
        for (const [consumer, source] of consumerLag) {
          const value = await readLag(source)
          if (value !== undefined) this.set({ consumer }, value)
        }
      },
    })
  }

  /** The latest relay of the service in this process reports the lag. */
  setRelayLag(source: LagSource): void {
    this.relayLagSource = source
  }

  setConsumerLag(consumer: string, source: LagSource): void {
    this.consumerLagSources.set(consumer, source)
  }

  observeAppend(seconds: number): void {
    this.appendDuration.observe(seconds)
  }
}

const byService = new Map<string, ServiceMetrics>()

/** The process's metrics of one service (created on first use). */
export function metricsFor(service: string): ServiceMetrics {
  let metrics = byService.get(service)
  if (!metrics) {
    metrics = new ServiceMetrics(service)
    byService.set(service, metrics)
  }
  return metrics
}
