/** A small reader of deploy/Dockerfile: stages, ARG/ENV resolution and the final settings of a target. */
interface Instruction {
  keyword: string
  args: string
}

interface Stage {
  name: string
  from: string
  instructions: Instruction[]
}

export interface Dockerfile {
  globalArgs: Record<string, string>
  stages: Stage[]
}

export interface ImageTarget {
  baseImage: string
  env: Record<string, string>
  user: string | undefined
  cmd: string[]
  healthcheck: string | undefined
  /** Every instruction of the chain, outermost stage first, with ARG/ENV substituted. */
  instructions: Instruction[]
}

export function parseDockerfile(text: string): Dockerfile {
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
  const globalArgs: Record<string, string> = {}
  const stages: Stage[] = []
  for (const line of logical) {
    const match = /^(\w+)\s+(.*)$/.exec(line)
    if (!match) continue
    const keyword = match[1]!.toUpperCase()
    const args = match[2]!
    if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)
      stages.push({ from: from?.[1] ?? args, name: from?.[2] ?? String(stages.length), instructions: [] })
    } else if (stages.length === 0) {
      if (keyword === 'ARG') Object.assign(globalArgs, parseAssignments(args, {}))
    } else {
      stages[stages.length - 1]!.instructions.push({ keyword, args })
    }
  }
  return { globalArgs, stages }
}

function tokens(text: string): string[] {
  return [...text.matchAll(/(?:[^\s"']+|"(?:[^"\\]|\\.)*"|'[^']*')+/g)].map((match) => match[0])
}

function unquote(value: string): string {
  return value.replace(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g, (_all, double: string | undefined, single: string | undefined) => (double ?? single ?? '').replace(/\\(.)/g, '$1'))
}

export function substitute(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (all, braced: string | undefined, bare: string | undefined) => values[(braced ?? bare)!] ?? all)
}

function parseAssignments(text: string, values: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {}
  for (const token of tokens(text)) {
    const equals = token.indexOf('=')
    if (equals < 0) result[token] = values[token] ?? ''
    else result[token.slice(0, equals)] = unquote(substitute(token.slice(equals + 1), values))
  }
  return result
}

/** What `docker build --target <target> --build-arg …` produces, as far as these tests care. */
export function imageTarget(dockerfile: Dockerfile, target: string, buildArgs: Record<string, string> = {}): ImageTarget {
  const chain: Stage[] = []
  for (let stage = dockerfile.stages.find((candidate) => candidate.name === target); stage; ) {
    chain.unshift(stage)
    const parentName = stage.from
    stage = dockerfile.stages.find((candidate) => candidate.name === parentName)
  }
  if (chain.length === 0) throw new Error(`Dockerfile has no stage "${target}"`)
  const globals = { ...dockerfile.globalArgs, ...buildArgs }
  const result: ImageTarget = { baseImage: substitute(chain[0]!.from, globals), env: {}, user: undefined, cmd: [], healthcheck: undefined, instructions: [] }
  for (const stage of chain) {
    const args: Record<string, string> = {}
    for (const instruction of stage.instructions) {
      const scope = { ...args, ...result.env }
      if (instruction.keyword === 'ARG') {
        for (const [name, fallback] of Object.entries(parseAssignments(instruction.args, scope))) args[name] = buildArgs[name] ?? globals[name] ?? fallback
        continue
      }
      const resolved = substitute(instruction.args, scope)
      result.instructions.push({ keyword: instruction.keyword, args: resolved })
      if (instruction.keyword === 'ENV') Object.assign(result.env, parseAssignments(instruction.args, scope))
      else if (instruction.keyword === 'USER') result.user = resolved
      else if (instruction.keyword === 'CMD') result.cmd = JSON.parse(instruction.args) as string[]
      else if (instruction.keyword === 'HEALTHCHECK') result.healthcheck = resolved
    }
  }
  return result
}

/** The script a container runs: `tsx <file>` directly or through `sh -c "exec tsx <file>"`, after env substitution. */
export function commandOf(cmd: readonly string[], env: Record<string, string>): string[] {
  const words = cmd[0] === 'sh' && cmd[1] === '-c' ? tokens(cmd[2] ?? '').map(unquote) : [...cmd]
  return (words[0] === 'exec' ? words.slice(1) : words).map((word) => substitute(word, env))
}
