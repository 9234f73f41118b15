/**
 * The server sources an entry file loads, followed through relative imports and the workspace
 * packages' `exports`, with the third-party packages they import at run time.
 */
import { existsSync, readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { readWorkspaces, workspaceOfFile, type Workspace } from './workspaces.ts'

export interface ModuleImport {
  specifier: string
  /** `import('x')`: loaded when the code runs that line, not when the file loads. */
  dynamic: boolean
}

/** Whether an import declaration survives compilation (tsx drops imports that bring only types). */
function importsValues(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause
  if (!clause) return true
  if (clause.isTypeOnly) return false
  if (clause.name) return true
  const bindings = clause.namedBindings
  if (!bindings || ts.isNamespaceImport(bindings)) return true
  return bindings.elements.length === 0 || bindings.elements.some((element) => !element.isTypeOnly)
}

/** The modules a source file imports at run time: static imports, re-exports and `import('…')` with a literal. */
export function moduleImports(fileName: string, text: string): ModuleImport[] {
  const kind = /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind)
  const found: ModuleImport[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && importsValues(node)) {
      found.push({ specifier: node.moduleSpecifier.text, dynamic: false })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      found.push({ specifier: node.moduleSpecifier.text, dynamic: false })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, dynamic: true })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const parsed = new Map<string, ModuleImport[]>()

function importsOfFile(path: string): ModuleImport[] {
  let found = parsed.get(path)
  if (!found) {
    found = moduleImports(path, readFileSync(path, 'utf8'))
    parsed.set(path, found)
  }
  return found
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

export interface PackageUse {
  /** The package as imported, e.g. `exceljs` or a workspace's `@donaciones/kit`. */
  name: string
  /** Repository-relative directory of the workspace whose file imports it (`''` outside any workspace). */
  workspace: string
  /** Repository-relative file that imports it. */
  file: string
  dynamic: boolean
}

export interface SourceClosure {
  /** Repository-relative files, entry points first. */
  files: string[]
  packages: PackageUse[]
  problems: string[]
}

function resolveWorkspaceExport(workspace: Workspace, specifier: string): string | undefined {
  const subpath = specifier === workspace.name ? '.' : `.${specifier.slice(workspace.name.length)}`
  const target = workspace.exports[subpath]
  return target === undefined ? undefined : join(workspace.dir, target)
}

/** Walks the sources from `entries` (repository-relative paths) as Node would load them. */
export function sourceClosure(root: string, entries: readonly string[]): SourceClosure {
  const workspaces = readWorkspaces(root)
  const byName = new Map(workspaces.map((workspace) => [workspace.name, workspace]))
  const files: string[] = []
  const packages: PackageUse[] = []
  const problems: string[] = []
  const queue = [...entries]
  const seen = new Set<string>()
  while (queue.length > 0) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    const path = resolve(root, file)
    if (!existsSync(path)) {
      problems.push(`${file}: no such file`)
      continue
    }
    files.push(file)
    if (!/\.[cm]?[jt]sx?$/.test(file)) continue
    const workspace = workspaceOfFile(workspaces, file)?.dir ?? ''
    for (const { specifier, dynamic } of importsOfFile(path)) {
      if (isBuiltin(specifier)) continue
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        queue.push(relative(root, resolve(dirname(path), specifier)))
        continue
      }
      packages.push({ name: packageNameOf(specifier), workspace, file, dynamic })
      const local = byName.get(packageNameOf(specifier))
      if (!local) continue
      const target = resolveWorkspaceExport(local, specifier)
      if (target) queue.push(target)
      else problems.push(`${file}: ${specifier} is not exported by ${local.dir}/package.json`)
    }
  }
  return { files, packages, problems }
}
