import { runCommand, tail } from '../../../tools/containers/command.ts'
import type { Engine } from '../../../tools/containers/engine.ts'
import type { Stack } from '../../../tools/containers/stack.ts'

/** Port of the relay inside the gateway container. */
const relayPort = 3080

/**
 * The gateway trusts X-Forwarded-For only from loopback (compose: TRUST_PROXY=loopback), as the
 * edge behind a proxy on its own host. The test plays that proxy: a TCP relay started inside the
 * gateway container passes each connection to 127.0.0.1:3000 unchanged, so the gateway sees a
 * loopback peer and takes the client address the test sends. Returns the relay's URL.
 */
export async function gatewayRelay(engine: Engine, stack: Stack): Promise<string> {
  const gateway = await stack.one('gateway')
  const url = `http://${await stack.address(gateway.id)}:${relayPort}`
  if (await answers(url)) return url
  const relay = `const net=require('node:net');net.createServer((client)=>{const upstream=net.connect(3000,'127.0.0.1');client.pipe(upstream).pipe(client);client.on('error',()=>upstream.destroy());upstream.on('error',()=>client.destroy())}).listen(${relayPort},'0.0.0.0')`
  const started = await runCommand(engine.bin, ['exec', '-d', gateway.id, 'node', '-e', relay], { env: engine.env, timeoutMs: 30_000 })
  if (started.code !== 0) throw new Error(`No se pudo iniciar el relevo en el contenedor del gateway: ${tail(started.stderr)}`)
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await answers(url)) return url
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`El relevo del gateway (${url}) no responde`)
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3_000) })).ok
  } catch {
    return false
  }
}
