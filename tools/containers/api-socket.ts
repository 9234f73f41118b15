import { spawn } from 'node:child_process'
import { request } from 'node:http'

export interface ApiSocket {
  /** DOCKER_HOST for tools written for Docker's API (docker-compose). */
  url: string
  close(): Promise<void>
}

function ping(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath: path, path: '/_ping', timeout: 2_000 }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.on('error', () => resolve(false))
    req.on('timeout', () => req.destroy())
    req.end()
  })
}

/** `podman system service` on a socket of its own, until `close`. */
export async function startApiSocket(path: string, env: NodeJS.ProcessEnv): Promise<ApiSocket> {
  const child = spawn('podman', ['system', 'service', '--time=0', `unix://${path}`], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  process.once('exit', () => child.kill('SIGKILL'))
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await ping(path)) {
      return {
        url: `unix://${path}`,
        async close() {
          child.kill('SIGTERM')
          await exited
        },
      }
    }
    if (child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`La API de podman (podman system service) no respondió en ${path}:\n${stderr}`)
}
