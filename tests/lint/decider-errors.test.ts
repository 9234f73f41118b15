import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/** tools/lint/decider-errors.js, proven on snippets linted as if they were files of the repository. */
const repositoryRoot = resolve(import.meta.dirname, '../..')
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repositoryRoot })
})

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(repositoryRoot, filePath) })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
}

const httpRefusal = "import { conflict } from '@donaciones/kit'\nexport const taken = () => conflict('Registro ya existente')\n"
const domainRefusal = "import { refuse } from '@donaciones/kit'\nexport const taken = () => refuse.alreadyExists()\n"

describe('a decider', () => {
  it('may not refuse with an HTTP error of the kit', async () => {
    for (const file of ['services/campaign/src/commands/probe-decider.ts', 'services/identity/src/commands/probe-decider.ts']) {
      expect(await importErrors(file, httpRefusal), file).toEqual([expect.stringContaining('Un decider rechaza con refuse')])
    }
    expect(await importErrors('services/content/src/commands/probe-decider.ts', "import { HttpError, validationError } from '@donaciones/kit'\nexport const both = [HttpError, validationError]\n")).toHaveLength(2)
  })

  it('refuses with the domain refusals', async () => {
    expect(await importErrors('services/campaign/src/commands/probe-decider.ts', domainRefusal)).toEqual([])
  })

  it('leaves the routes and the other commands free to answer in HTTP terms', async () => {
    for (const file of ['services/campaign/src/routes/probe.ts', 'services/campaign/src/commands/probe.ts']) expect(await importErrors(file, httpRefusal), file).toEqual([])
  })
})
