import { execFileSync } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { repositoryRoot } from '../support/processes.ts'
import { parsedConfiguration, typecheckedConfigurations } from '../support/typescript-configurations.ts'

/**
 * Server code is checked without the browser's types, browser code without Node.js's, and code
 * that runs in both (the browser tests, the web bench, the front ends' unit tests) with both.
 */
const serverConfiguration = 'tsconfig.json'
const browserConfiguration = 'frontends/tsconfig.json'

/** The diagnostics of `source` compiled with a configuration's options, as a file of the repository. */
function diagnosticsOf(configuration: string, folder: string, source: string): string[] {
  const { options } = parsedConfiguration(configuration)
  const file = join(folder, 'planted.ts')
  writeFileSync(file, source)
  const program = ts.createProgram([file], options)
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}

describe('TypeScript configurations', () => {
  const folders: string[] = []
  // Outside the repository: another test reading the configurations' files must not meet it.
  const plantIn = () => {
    const folder = mkdtempSync(join(tmpdir(), 'planted-'))
    folders.push(folder)
    return folder
  }
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  it('npm run typecheck checks the server, browser and both-sides configurations', () => {
    expect(typecheckedConfigurations()).toEqual([serverConfiguration, browserConfiguration, 'tsconfig.dom-and-node.json'])
  })

  it('give server code no browser globals', () => {
    expect(diagnosticsOf(serverConfiguration, plantIn(), 'export const title = document.title\n').join('\n')).toMatch(/Cannot find name 'document'/)
  })

  it('give browser code no Node.js globals', () => {
    expect(diagnosticsOf(browserConfiguration, plantIn(), 'export const mode = process.env.MODE\n').join('\n')).toMatch(/Cannot find name 'process'/)
  })

  it('cover every TypeScript file of the repository, each source file once (a declaration file may serve two)', () => {
    const checked = typecheckedConfigurations().flatMap((path) => parsedConfiguration(path).fileNames.map((file) => relative(repositoryRoot, realpathSync(file))))
    const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: repositoryRoot, encoding: 'utf8' }).split('\n').filter(Boolean)
    expect(tracked.filter((file) => !checked.includes(file))).toEqual([])
    expect(checked.filter((file, index) => !file.endsWith('.d.ts') && checked.indexOf(file) !== index)).toEqual([])
  })
})
