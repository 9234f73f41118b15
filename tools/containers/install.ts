import { mustRun, runCommand } from './command.ts'

async function onPath(command: string): Promise<boolean> {
  return (await runCommand('sh', ['-c', `command -v ${command}`])).code === 0
}

/** Installs Debian packages (as root, or through sudo); says what it installs. */
export async function aptInstall(packages: readonly string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo']
  const run = (args: string[]) => (asRoot.length ? mustRun(`apt-get ${args[0]}`, 'sudo', ['-E', 'apt-get', ...args], { timeoutMs: 900_000 }) : mustRun(`apt-get ${args[0]}`, 'apt-get', args, { timeoutMs: 900_000 }))
  console.log(`Instalando con apt: ${packages.join(' ')}`)
  await run(['update', '-qq'])
  await run(['install', '-y', '-qq', ...packages])
}

/** The commands that are missing, then installs the packages that hold them. */
export async function ensureCommands(wanted: Record<string, string>): Promise<void> {
  const missing: string[] = []
  for (const [command, debianPackage] of Object.entries(wanted)) if (!(await onPath(command))) missing.push(debianPackage)
  if (missing.length > 0) await aptInstall([...new Set(missing)])
}

export { onPath }
