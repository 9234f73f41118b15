/**
 * Manifests checked against the Kubernetes API schemas of `kubernetesVersion`, through kubernetes-models
 * (generated from that version's OpenAPI document). Its validators judge field types, required fields and
 * enum values; they let unknown fields through, which the API server's strict field validation (kubectl's
 * default) refuses, so those are found with the same package's type declarations, read by TypeScript.
 *
 * The package also keeps the schemas of API versions Kubernetes has since removed (its generator merges
 * older releases' OpenAPI documents under the latest: it has extensions/v1beta1 Deployments), so an alpha
 * or beta version is refused here: betas are off by default since Kubernetes 1.24 and most of those in the
 * package are gone. A GA version is never removed, so a GA version the package has is served by a cluster
 * of kubernetesVersion.
 */
import { createRequire } from 'node:module'
import ts from 'typescript'
import type { Manifest } from './k8s.ts'
import { arr, obj, str, type Doc } from './values.ts'

/** The Kubernetes release kubernetes-models 4.5.1 was generated from (its changelog, 4.5.0: "Update schema version to v1.33.0"). */
export const kubernetesVersion = '1.33.0'

const require = createRequire(import.meta.url)

interface Model {
  validate(): void
}

interface Schema {
  /** The package's compiled file for this kind; its .d.ts sits beside it. */
  file: string
  Model: new (data: Doc) => Model
}

/** `apps/v1` + `Deployment` → kubernetes-models/apps/v1/Deployment; the core group's `v1` is its own folder. */
function schemaOf(apiVersion: string, kind: string): Schema | undefined {
  if (!/^([a-z0-9.-]+\/)?v\d+((alpha|beta)\d+)?$/.test(apiVersion) || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) return undefined
  const specifier = `kubernetes-models/${apiVersion}/${kind}`
  let file: string
  try {
    file = require.resolve(specifier)
  } catch {
    return undefined
  }
  const loaded: unknown = require(specifier)
  const Model = obj(loaded)[kind]
  return typeof Model === 'function' ? { file, Model: Model as Schema['Model'] } : undefined
}

/** `/spec/template/spec/containers/0/image` → `spec.template.spec.containers[0].image`. */
function fieldPath(segments: readonly string[]): string {
  return segments.reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '') || '(the object)'
}

function validatorProblems(schema: Schema, doc: Doc): string[] {
  try {
    new schema.Model(doc).validate()
    return []
  } catch (error) {
    const errors = arr(obj(error).errors).map(obj)
    if (errors.length === 0) return [(error as Error).message]
    return errors.map((found) => {
      const allowed = arr(obj(found.params).allowedValues).map(String)
      const path = fieldPath((str(found.instancePath) ?? '').split('/').filter(Boolean).map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~')))
      return `${path} ${str(found.message) ?? 'is invalid'}${allowed.length > 0 ? ` (${allowed.join(', ')})` : ''}`
    })
  }
}

const programs = new Map<string, ts.Program>()

/** One TypeScript program over the declarations of the kinds asked for (and what they import), kept for the next call. */
function programFor(declarations: readonly string[]): ts.Program {
  const key = [...new Set(declarations)].sort().join('\n')
  let program = programs.get(key)
  if (!program) {
    program = ts.createProgram(key.split('\n'), { noEmit: true, skipLibCheck: true, types: [], module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022 })
    programs.set(key, program)
  }
  return program
}

function unknownFields(checker: ts.TypeChecker, value: unknown, declared: ts.Type, path: readonly string[]): string[] {
  const type = checker.getNonNullableType(declared)
  if (Array.isArray(value)) {
    const element = checker.isArrayType(type) ? checker.getTypeArguments(type as ts.TypeReference)[0] : undefined
    // Not an array where one is declared: the validator reports the type.
    return element ? value.flatMap((item, index) => unknownFields(checker, item, element, [...path, String(index)])) : []
  }
  // A scalar, or a field typed as a union (IntOrString, Quantity): the validator judges it.
  if (typeof value !== 'object' || value === null || type.isUnion() || type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return []
  const index = checker.getIndexTypeOfType(type, ts.IndexKind.String)
  const open = checker.getPropertiesOfType(type).length === 0 && !index
  return Object.entries(value).flatMap(([key, child]) => {
    const property = checker.getPropertyOfType(type, key)
    if (property) return unknownFields(checker, child, checker.getTypeOfSymbol(property), [...path, key])
    if (index) return unknownFields(checker, child, index, [...path, key])
    if (open) return []
    const owner = (type.aliasSymbol ?? type.getSymbol())?.getName().replace(/^I/, '')
    return [`${fieldPath([...path, key])} is not a field of ${owner ?? 'this object'} in the Kubernetes ${kubernetesVersion} API`]
  })
}

function declarationProblems(checked: readonly { schema: Schema; kind: string; doc: Doc; report: (problem: string) => void }[]): void {
  const declarationFile = (schema: Schema): string => schema.file.replace(/\.js$/, '.d.ts')
  if (checked.length === 0) return
  const program = programFor(checked.map(({ schema }) => declarationFile(schema)))
  const checker = program.getTypeChecker()
  for (const { schema, kind, doc, report } of checked) {
    const source = program.getSourceFile(declarationFile(schema))
    const module = source && checker.getSymbolAtLocation(source)
    const declared = module && checker.getExportsOfModule(module).find((symbol) => symbol.getName() === `I${kind}`)
    const type = declared && checker.getDeclaredTypeOfSymbol(declared)
    // Without resolved declarations every field would pass: refuse to check instead.
    if (!type || checker.getPropertiesOfType(type).length < 2) throw new Error(`kubernetes-models declares no interface I${kind} in ${declarationFile(schema)}`)
    for (const problem of unknownFields(checker, doc, type, [])) report(problem)
  }
}

/** Each object's problems against the Kubernetes API schemas, as `<file>: <Kind> <namespace>/<name>: <field> <what is wrong>`. */
export function schemaProblems(manifests: readonly Manifest[]): string[] {
  const problems: string[] = []
  const checked: Parameters<typeof declarationProblems>[0][number][] = []
  for (const { file, doc } of manifests) {
    const kind = str(doc.kind) ?? ''
    const apiVersion = str(doc.apiVersion) ?? ''
    const metadata = obj(doc.metadata)
    const where = `${file}: ${kind || '(no kind)'} ${[str(metadata.namespace), str(metadata.name) ?? '(no name)'].filter(Boolean).join('/')}`
    if (/\/v\d+(alpha|beta)\d+$/.test(apiVersion)) {
      problems.push(`${where}: apiVersion ${apiVersion} is a pre-release API (off by default, or removed by Kubernetes ${kubernetesVersion}); use a GA version`)
      continue
    }
    const schema = schemaOf(apiVersion, kind)
    if (!schema) {
      problems.push(`${where}: apiVersion ${apiVersion || '(none)'} has no kind ${kind || '(none)'} in the Kubernetes ${kubernetesVersion} API`)
      continue
    }
    const report = (problem: string): void => {
      problems.push(`${where}: ${problem}`)
    }
    validatorProblems(schema, doc).forEach(report)
    checked.push({ schema, kind, doc, report })
  }
  declarationProblems(checked)
  return problems
}
