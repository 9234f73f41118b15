import { spawn } from 'node:child_process'

export interface CommandResult {
  code: number | null
  stdout: string
  stderr: string
}

export interface CommandOptions {
  env?: NodeJS.ProcessEnv
  cwd?: string
  input?: string | Buffer
  /** Ends the command (SIGKILL) after this long; a hung engine call must not hang the test. */
  timeoutMs?: number
  /** Copies the output to this process's stderr as it comes (long builds). */
  echo?: boolean
}

/** Runs a command to its end; never throws for a non-zero exit (see `mustRun`). */
export function runCommand(command: string, args: readonly string[], options: CommandOptions = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (options.echo) process.stderr.write(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      if (options.echo) process.stderr.write(chunk)
    })
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ code: 127, stdout, stderr: `${stderr}${String(error)}` })
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
    child.stdin.on('error', () => undefined)
    child.stdin.end(options.input ?? '')
  })
}

/** The last lines of a command's output, for error messages. */
export function tail(text: string, lines = 25): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n')
}

/** Runs a command and throws `what` with the end of its output when it fails. */
export async function mustRun(what: string, command: string, args: readonly string[], options: CommandOptions = {}): Promise<CommandResult> {
  const result = await runCommand(command, args, options)
  if (result.code !== 0) throw new Error(`${what} (exit ${result.code}: ${command} ${args.join(' ')})\n${tail(`${result.stdout}\n${result.stderr}`)}`)
  return result
}
