// Test support only (not exported from index.ts).
import type { Express } from 'express'
import { createLogger } from '../src/http/logger.ts'
import { createServiceApp, finishServiceApp, startHttpServer } from '../src/http/server.ts'
import type { RunningHttpServer, ServiceAppOptions } from '../src/http/server.ts'

export interface LogLine {
  level: number
  msg?: string
  requestId?: string
  [key: string]: unknown
}

export interface TestServer extends RunningHttpServer {
  /** Every log line written so far, parsed. */
  logs(): LogLine[]
  /** The raw log output, to assert that something never appears. */
  rawLogs(): string
}

export async function serveTestApp(
  mount: (app: Express) => void,
  options: Partial<Omit<ServiceAppOptions, 'logger'>> = {},
): Promise<TestServer> {
  const lines: string[] = []
  const logger = createLogger('prueba', { level: 'info', destination: { write: (line: string) => lines.push(line) } })
  const app = createServiceApp({ name: 'prueba', logger, ...options })
  mount(app)
  finishServiceApp(app)
  const running = await startHttpServer(app, { port: 0, shutdownTimeoutMs: 2000 })
  return {
    ...running,
    logs: () => lines.map((line) => JSON.parse(line) as LogLine),
    rawLogs: () => lines.join(''),
  }
}
