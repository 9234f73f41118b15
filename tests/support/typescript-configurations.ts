import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { repositoryRoot } from './processes.ts'

/** The TypeScript configurations `npm run typecheck` checks (read from its script, so the list lives there). */
export function typecheckedConfigurations(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  return [...(scripts.typecheck ?? '').matchAll(/-p (\S+)/g)].map((match) => match[1] ?? '')
}

export function parsedConfiguration(path: string): ts.ParsedCommandLine {
  const config = ts.getParsedCommandLineOfConfigFile(join(repositoryRoot, path), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })
  if (!config) throw new Error(`${path} no se pudo leer`)
  return config
}
