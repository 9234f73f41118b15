import { freePort, runScript, waitUntil, type RunningProcess } from '../../tests/support/processes.ts'

/** A server of the benchmark in a process of its own, so it never shares a core with the load generator. */
export interface ChildServer {
  url: string
  process: RunningProcess
  stop(): Promise<void>
}

export interface SimulatorChild extends ChildServer {
  conekta: { baseUrl: string; publicKey: string; privateKey: string }
  paypal: { baseUrl: string; clientId: string; secret: string; webhookId: string }
}

function printed(output: string, name: string): string {
  const value = new RegExp(`${name}=(\\S+)`).exec(output)?.[1]
  if (!value) throw new Error(`El simulador no imprimió ${name}:\n${output}`)
  return value
}

/** The payment provider simulator (tools/provider-sim), reading its random keys from what it prints. */
export async function startSimulator(): Promise<SimulatorChild> {
  const port = await freePort()
  const child = runScript('tools/provider-sim/main.ts', [], { PROVIDER_SIM_PORT: String(port) })
  await waitUntil(async () => {
    if (child.child.exitCode !== null) throw new Error(`El simulador terminó: ${child.output()}`)
    return child.output().includes('PAYPAL_WEBHOOK_ID=')
  }, 30_000, 'simulador de pagos')
  const output = child.output()
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    conekta: { baseUrl: printed(output, 'CONEKTA_BASE_URL'), publicKey: printed(output, 'CONEKTA_PUBLIC_KEY'), privateKey: printed(output, 'CONEKTA_PRIVATE_KEY') },
    paypal: { baseUrl: printed(output, 'PAYPAL_BASE_URL'), clientId: printed(output, 'PAYPAL_CLIENT_ID'), secret: printed(output, 'PAYPAL_SECRET'), webhookId: printed(output, 'PAYPAL_WEBHOOK_ID') },
    async stop() {
      await child.stop()
    },
  }
}

/** Starts a child that prints `listening <port>` once ready (the SMTP sink, the bare handler). */
export async function startListeningChild(entry: string, env: NodeJS.ProcessEnv): Promise<ChildServer & { port: number }> {
  const child = runScript(entry, [], env)
  let port = 0
  await waitUntil(async () => {
    if (child.child.exitCode !== null) throw new Error(`${entry} terminó: ${child.output()}`)
    port = Number(/listening (\d+)/.exec(child.output())?.[1] ?? 0)
    return port > 0
  }, 30_000, entry)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    async stop() {
      await child.stop()
    },
  }
}
