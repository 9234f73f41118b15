/**
 * Builds a kustomization as `kubectl kustomize` does, for exactly the fields deploy/k8s uses:
 * `resources` (files) and `namespace`. Any other field, or a resource that is a directory or a URL,
 * throws: teach this builder the feature (and watch the kubectl comparison test agree) before using it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parse, parseAllDocuments } from 'yaml'
import type { Manifest } from './k8s.ts'
import { arr, obj, str, type Doc } from './values.ts'

const builtFields = new Set(['apiVersion', 'kind', 'namespace', 'resources'])

/** Kinds kustomize puts in the kustomization's namespace. Another kind throws until it is placed here or in clusterScopedKinds. */
const namespacedKinds = new Set(['ConfigMap', 'Secret', 'Service', 'Deployment', 'StatefulSet', 'HorizontalPodAutoscaler', 'Job', 'CronJob', 'ServiceAccount', 'PodDisruptionBudget', 'Ingress', 'NetworkPolicy', 'PersistentVolumeClaim'])
const clusterScopedKinds = new Set(['ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass', 'PriorityClass'])

export class KustomizeError extends Error {}

function readKustomization(root: string, directory: string): { file: string; fields: Doc } {
  const file = join(directory, 'kustomization.yaml')
  const where = relative(root, file)
  if (!existsSync(file)) throw new KustomizeError(`${relative(root, directory)}: no kustomization.yaml (this builder reads only that name)`)
  const fields = obj(parse(readFileSync(file, 'utf8')))
  for (const field of Object.keys(fields)) {
    if (!builtFields.has(field)) throw new KustomizeError(`${where}: "${field}" is a kustomize feature tests/deploy/support/kustomize.ts does not build`)
  }
  if (fields.apiVersion !== undefined && fields.apiVersion !== 'kustomize.config.k8s.io/v1beta1') throw new KustomizeError(`${where}: apiVersion ${String(fields.apiVersion)} is not kustomize.config.k8s.io/v1beta1`)
  if (fields.kind !== undefined && fields.kind !== 'Kustomization') throw new KustomizeError(`${where}: kind ${String(fields.kind)} is not Kustomization`)
  return { file: where, fields }
}

function readResource(root: string, directory: string, kustomization: string, entry: unknown): Manifest[] {
  const name = str(entry)
  if (name === undefined) throw new KustomizeError(`${kustomization}: resource ${JSON.stringify(entry)} is not a path`)
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(name) || name.startsWith('github.com/')) throw new KustomizeError(`${kustomization}: remote resource ${name} is not built here`)
  const path = join(directory, name)
  if (!existsSync(path)) throw new KustomizeError(`${kustomization}: resource ${name} does not exist`)
  if (statSync(path).isDirectory()) throw new KustomizeError(`${kustomization}: resource ${name} is a directory (a nested kustomization), not built here`)
  const file = relative(root, path)
  return parseAllDocuments(readFileSync(path, 'utf8')).flatMap((document) => {
    if (document.errors.length > 0) throw new KustomizeError(`${file}: ${document.errors[0]!.message}`)
    const value: unknown = document.toJS()
    // kustomize skips empty documents (a file that is only comments, a trailing `---`).
    if (value === null || value === undefined) return []
    const doc = obj(value)
    if (!str(doc.kind) || !str(obj(doc.metadata).name)) throw new KustomizeError(`${file}: an object without kind or metadata.name`)
    return [{ file, doc }]
  })
}

function setNamespace(manifest: Manifest, namespace: string): Manifest {
  const doc = structuredClone(manifest.doc)
  const kind = str(doc.kind) ?? ''
  const metadata = obj(doc.metadata)
  // kustomize renames a Namespace object to the kustomization's namespace.
  if (kind === 'Namespace') doc.metadata = { ...metadata, name: namespace }
  else if (namespacedKinds.has(kind)) doc.metadata = { ...metadata, namespace }
  else if (!clusterScopedKinds.has(kind)) throw new KustomizeError(`${manifest.file}: kind ${kind || '(none)'} is not known to tests/deploy/support/kustomize.ts as namespaced or cluster-wide`)
  return { ...manifest, doc }
}

function id(doc: Doc): string {
  const metadata = obj(doc.metadata)
  return `${String(doc.apiVersion)} ${String(doc.kind)} ${str(metadata.namespace) ?? ''}/${String(metadata.name)}`
}

/** The objects `kubectl kustomize <directory>` gives, each with the file it came from, in the order of `resources`. */
export function buildKustomization(root: string, directory: string): Manifest[] {
  const absolute = join(root, directory)
  const { file, fields } = readKustomization(root, absolute)
  const namespace = fields.namespace === undefined ? undefined : str(fields.namespace)
  if (fields.namespace !== undefined && !namespace) throw new KustomizeError(`${file}: namespace ${JSON.stringify(fields.namespace)} is not a name`)
  const loaded = arr(fields.resources).flatMap((entry) => readResource(root, absolute, file, entry))
  const built = namespace === undefined ? loaded : loaded.map((manifest) => setNamespace(manifest, namespace))
  const seen = new Map<string, string>()
  for (const manifest of built) {
    const key = id(manifest.doc)
    const earlier = seen.get(key)
    if (earlier !== undefined) throw new KustomizeError(`${file}: ${key} comes from both ${earlier} and ${manifest.file}`)
    seen.set(key, manifest.file)
  }
  return built
}
