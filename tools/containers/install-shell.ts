import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join, resolve } from 'node:path'
import { runCommand, tail, type CommandOptions, type CommandResult } from './command.ts'
import type { DockerShim } from './docker-shim.ts'
import { productionInstallBlock } from './production-install.ts'

export const repositoryRoot = resolve(import.meta.dirname, '../..')

/**
 * A shell in the repository root where `docker` is the test's engine. What a block exports
 * (INTERNAL_TOKEN…) stays for the next block and command, as in an operator's terminal.
 */
export class InstallShell {
  private readonly envFile: string

  constructor(
    shim: DockerShim,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.envFile = join(mkdtempSync(join(tmpdir(), 'donaciones-shell-')), 'env.sh')
    writeFileSync(this.envFile, '')
    this.env = { ...env, PATH: `${shim.dir}${delimiter}${env.PATH ?? ''}` }
  }

  private bash(script: string, args: readonly string[], options: CommandOptions): Promise<CommandResult> {
    return runCommand('bash', ['-c', script, 'bash', ...args], { cwd: repositoryRoot, ...options, env: { ...this.env, ...options.env } })
  }

  /** Runs the README's block `name`; throws with the end of its output when a command of it fails. */
  async block(name: string, options: CommandOptions = {}): Promise<CommandResult> {
    const script = `set -eo pipefail\n. ${this.envFile}\n${productionInstallBlock(name)}\nexport -p > ${this.envFile}\n`
    const result = await this.bash(script, [], options)
    if (result.code !== 0) throw new Error(`README "Production install", bloque ${name}: falló (exit ${result.code})\n${tail(`${result.stdout}\n${result.stderr}`, 40)}`)
    return result
  }

  /** One command (e.g. `docker compose ps`) with what the blocks exported. */
  exec(args: readonly string[], options: CommandOptions = {}): Promise<CommandResult> {
    return this.bash(`. ${this.envFile}\nexec "$@"`, args, options)
  }
}
