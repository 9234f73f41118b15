import { execFile } from 'node:child_process'
import { createServer } from 'node:net'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { distinctFreePorts, freePort, repositoryRoot } from './processes.ts'

const run = promisify(execFile)

/** The port `freePort` hands out first in a process that vitest would call worker `poolId`. */
async function firstPortOfWorker(poolId: number, blockShift = ''): Promise<number> {
  const script = "const { freePort } = await import('./tests/support/processes.ts'); console.log(await freePort())"
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repositoryRoot,
    env: { ...process.env, VITEST_POOL_ID: String(poolId), TEST_PORT_BLOCK_SHIFT: blockShift },
  })
  return Number(stdout.trim())
}

describe('ports for test servers run as child processes', () => {
  it('are all different, below the ephemeral range, and free to listen on', async () => {
    const ports = await distinctFreePorts(20)
    expect(new Set(ports).size).toBe(20)
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000)
      expect(port).toBeLessThan(32_768)
      const server = createServer()
      await new Promise<void>((listening, failed) => {
        server.once('error', failed)
        server.listen(port, '127.0.0.1', listening)
      })
      await new Promise<void>((closed) => server.close(() => closed()))
    }
  })

  it('come from a block of their vitest worker, so two workers never hand out the same one', async () => {
    const [first, second] = await Promise.all([firstPortOfWorker(1), firstPortOfWorker(2)])
    expect(Math.floor((first! - 20_000) / 1000)).toBe(1)
    expect(Math.floor((second! - 20_000) / 1000)).toBe(2)
  })

  it('of a suite run beside another come from blocks shifted by TEST_PORT_BLOCK_SHIFT', async () => {
    const [shifted, wrapped] = await Promise.all([firstPortOfWorker(1, '6'), firstPortOfWorker(8, '6')])
    expect(Math.floor((shifted! - 20_000) / 1000)).toBe(7)
    expect(Math.floor((wrapped! - 20_000) / 1000)).toBe(2)
  })

  it('skip a port something already listens on', async () => {
    const port = await freePort()
    // The block is walked in order: taking the next few ports makes the next call go past them.
    const taken = await Promise.all(
      [1, 2, 3].map(async (offset) => {
        const server = createServer()
        await new Promise<void>((listening) => server.once('error', () => listening()).listen(port + offset, '127.0.0.1', listening))
        return server
      }),
    )
    try {
      const next = await freePort()
      expect([port + 1, port + 2, port + 3]).not.toContain(next)
    } finally {
      for (const server of taken) server.close()
    }
  })
})
