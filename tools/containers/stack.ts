import { mustRun, runCommand, tail } from './command.ts'
import type { Engine } from './engine.ts'

export interface StackContainer {
  id: string
  name: string
  service: string
  running: boolean
}

const projectLabel = 'com.docker.compose.project'
const serviceLabel = 'com.docker.compose.service'

/** The containers, volumes and networks compose made for one project, read through the engine. */
export class Stack {
  constructor(
    private readonly engine: Engine,
    readonly project: string,
  ) {}

  private cli(args: readonly string[], timeoutMs = 120_000) {
    return runCommand(this.engine.bin, args, { env: this.engine.env, timeoutMs })
  }

  async containers(service?: string): Promise<StackContainer[]> {
    const result = await mustRun('listar los contenedores', this.engine.bin, ['ps', '-a', '--filter', `label=${projectLabel}=${this.project}`, '--format', '{{.ID}}\t{{.Names}}\t{{.State}}\t{{.Labels}}'], { env: this.engine.env })
    return result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [id = '', name = '', state = '', labels = ''] = line.split('\t')
        const serviceName = new RegExp(`${serviceLabel.replaceAll('.', '\\.')}[:=]([\\w-]+)`).exec(labels)?.[1] ?? ''
        return { id, name, service: serviceName, running: /running|up/i.test(state) }
      })
      .filter((container) => service === undefined || container.service === service)
  }

  async one(service: string): Promise<StackContainer> {
    const [first] = (await this.containers(service)).filter((container) => container.running)
    if (!first) throw new Error(`No hay un contenedor de ${service} en marcha`)
    return first
  }

  async inspect(id: string, format: string): Promise<string> {
    return (await mustRun(`inspeccionar ${id}`, this.engine.bin, ['inspect', '--format', format, id], { env: this.engine.env })).stdout.trim()
  }

  /** The container's address on the compose network (reachable from the host). */
  async address(id: string): Promise<string> {
    const address = (await this.inspect(id, '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}')).split(' ')[0]
    if (!address) throw new Error(`El contenedor ${id} no tiene dirección`)
    return address
  }

  async health(id: string): Promise<{ status: string; lastOutput: string }> {
    const status = await this.inspect(id, '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}').catch(() => 'gone')
    const log = await this.inspect(id, '{{if .State.Health}}{{range .State.Health.Log}}{{.ExitCode}}: {{.Output}}\n{{end}}{{end}}').catch(() => '')
    return { status, lastOutput: tail(log, 2) }
  }

  async logs(id: string, lines = 30): Promise<string> {
    const result = await this.cli(['logs', '--tail', String(lines), id])
    return tail(`${result.stdout}${result.stderr}`, lines)
  }

  async signal(id: string, signal: string): Promise<void> {
    await mustRun(`enviar ${signal} a ${id}`, this.engine.bin, ['kill', '--signal', signal, id], { env: this.engine.env })
  }

  async stop(id: string, timeoutSeconds = 10): Promise<void> {
    await mustRun(`detener ${id}`, this.engine.bin, ['stop', '--time', String(timeoutSeconds), id], { env: this.engine.env })
  }

  async start(id: string): Promise<void> {
    await mustRun(`arrancar ${id}`, this.engine.bin, ['start', id], { env: this.engine.env })
  }

  async restart(id: string): Promise<void> {
    await mustRun(`reiniciar ${id}`, this.engine.bin, ['restart', '--time', '20', id], { env: this.engine.env })
  }

  /** How a container failing its health check looks: status, the check's last output, the container's last log lines. */
  async diagnose(container: StackContainer): Promise<string> {
    const health = await this.health(container.id)
    return `${container.name} (${container.service}): ${container.running ? `salud ${health.status}` : 'detenido'}\n  última comprobación: ${health.lastOutput || '(ninguna)'}\n  registro:\n${(await this.logs(container.id)).replace(/^/gm, '    ')}`
  }

  /** Waits until every running container with a health check reports healthy; names the ones that do not. */
  async waitHealthy(timeoutMs: number, services?: readonly string[], ignoring: readonly string[] = []): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      // A stopped container waits too (one in a crash loop is stopped now and then), unless it is one the caller stopped.
      const containers = (await this.containers()).filter((container) => !ignoring.includes(container.id) && (!services || services.includes(container.service)))
      const waiting: StackContainer[] = []
      for (const container of containers) {
        const { status } = await this.health(container.id)
        if (!container.running || (status !== 'healthy' && status !== 'none')) waiting.push(container)
      }
      if (waiting.length === 0 && containers.length > 0) return
      if (Date.now() > deadline) {
        const reports = await Promise.all(waiting.map((container) => this.diagnose(container)))
        throw new Error(`Contenedores sin salud después de ${Math.round(timeoutMs / 1000)} s:\n${reports.join('\n')}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000))
    }
  }

  /**
   * A container that will not become healthy: its check says unhealthy, or it keeps exiting (a
   * restart policy hides that from compose, which then waits for ever). Its diagnosis, or undefined.
   */
  async failing(): Promise<string | undefined> {
    for (const container of await this.containers()) {
      const { status } = await this.health(container.id)
      const startedAt = await this.inspect(container.id, '{{.State.StartedAt}}').catch(() => '')
      // Podman does not count the restarts its restart policy makes: each start is seen by its time.
      const starts = this.starts.get(container.id) ?? new Set<string>()
      if (startedAt) starts.add(startedAt)
      this.starts.set(container.id, starts)
      const exitCode = Number(await this.inspect(container.id, '{{.State.ExitCode}}').catch(() => '0'))
      if (status === 'unhealthy' || starts.size >= 3 || (!container.running && exitCode !== 0)) {
        return `${await this.diagnose(container)}${starts.size >= 3 ? `\n  (arrancó ${starts.size} veces: termina y su política de reinicio lo vuelve a arrancar)` : ''}`
      }
    }
    return undefined
  }

  /** Each container's start times seen by `failing`. */
  private readonly starts = new Map<string, Set<string>>()

  /** Removes whatever compose left of the project (after `compose down`, or when compose itself cannot run). */
  removeLeftovers(): Promise<string[]> {
    return removeLabelled(this.engine, `${projectLabel}=${this.project}`)
  }
}

/** Removes the containers (with their anonymous volumes), volumes and networks carrying `label` (`key=value`); says what it removed. */
export async function removeLabelled(engine: Engine, label: string): Promise<string[]> {
  const cli = (args: readonly string[]) => runCommand(engine.bin, args, { env: engine.env, timeoutMs: 120_000 })
  const removed: string[] = []
  const filter = ['--filter', `label=${label}`]
  const ids = (await cli(['ps', '-aq', ...filter])).stdout.split('\n').filter(Boolean)
  if (ids.length > 0 && (await cli(['rm', '-f', '-v', ...ids])).code === 0) removed.push(`${ids.length} contenedores`)
  const volumes = (await cli(['volume', 'ls', '-q', ...filter])).stdout.split('\n').filter(Boolean)
  if (volumes.length > 0 && (await cli(['volume', 'rm', '-f', ...volumes])).code === 0) removed.push(`volúmenes ${volumes.join(', ')}`)
  const networks = (await cli(['network', 'ls', '-q', ...filter])).stdout.split('\n').filter(Boolean)
  if (networks.length > 0 && (await cli(['network', 'rm', '-f', ...networks])).code === 0) removed.push(`${networks.length} redes`)
  return removed
}
