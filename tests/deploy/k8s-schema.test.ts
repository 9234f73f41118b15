import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { repositoryRoot } from '@donaciones/gateway'
import { kubernetesVersion, schemaProblems } from './support/k8s-schema.ts'
import { loadManifests, type Manifest } from './support/k8s.ts'
import { buildKustomization } from './support/kustomize.ts'
import { obj, type Doc } from './support/values.ts'

/**
 * No cluster runs here: every object `kubectl apply -k deploy/k8s` would send, and every manifest applied
 * on its own, is checked against the Kubernetes API schemas of one release. deploy-files.test.ts checks
 * the same manifests against the code (images, ports, probes, variables).
 */
const build = (root = repositoryRoot): Manifest[] => buildKustomization(root, 'deploy/k8s')

/** What README "Production install" applies with `kubectl apply -f` / `create -f`: every other YAML file under deploy/k8s and deploy/nats. */
function appliedOnTheirOwn(): Manifest[] {
  const built = new Set(build().map((manifest) => manifest.file))
  return loadManifests(repositoryRoot, ['deploy/k8s', 'deploy/nats']).filter(({ file }) => !built.has(file) && file !== 'deploy/k8s/kustomization.yaml')
}

/** Runs `check` on a copy of deploy/k8s in which each [file, text, replacement] was made (each text must be there). */
function withChangedCopy<T>(changes: readonly (readonly [string, string, string | null])[], check: (root: string) => T): T {
  const root = mkdtempSync(join(tmpdir(), 'k8s-'))
  try {
    cpSync(join(repositoryRoot, 'deploy/k8s'), join(root, 'deploy/k8s'), { recursive: true })
    for (const [file, text, replacement] of changes) {
      const path = join(root, 'deploy/k8s', file)
      if (replacement === null) {
        unlinkSync(path)
        continue
      }
      const content = readFileSync(path, 'utf8')
      if (!content.includes(text)) throw new Error(`deploy/k8s/${file} no longer holds ${JSON.stringify(text)}: change this test`)
      writeFileSync(path, content.replace(text, replacement))
    }
    return check(root)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

const identity = (doc: Doc): string => `${String(doc.kind)} ${String(obj(doc.metadata).namespace ?? '')}/${String(obj(doc.metadata).name)}`

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' })

describe(`Kubernetes manifests against the Kubernetes ${kubernetesVersion} API schemas (kubernetes-models)`, () => {
  it('every object the kustomization builds is valid', () => {
    const built = build()
    expect(built.map(({ doc }) => identity(doc)).sort()).toEqual(
      [
        'Namespace /donaciones',
        'ConfigMap donaciones/donaciones-config',
        ...['gateway', 'identity', 'content', 'campaign', 'donation', 'audit'].flatMap((name) => [`Deployment donaciones/${name}`, `Service donaciones/${name}`]),
        ...['campaign', 'donation', 'gateway'].map((name) => `HorizontalPodAutoscaler donaciones/${name}`),
      ].sort(),
    )
    expect(schemaProblems(built)).toEqual([])
  })

  it('so is every manifest applied on its own: the Jobs, the NATS cluster and its stream Job, the Secret template', () => {
    const manifests = appliedOnTheirOwn()
    expect([...new Set(manifests.map(({ file }) => file))].sort()).toEqual(['deploy/k8s/jobs/reconcile.yaml', 'deploy/k8s/jobs/replay.yaml', 'deploy/k8s/secrets.example.yaml', 'deploy/nats/nats.yaml', 'deploy/nats/stream-job.yaml'])
    expect(schemaProblems(manifests)).toEqual([])
  })

  it('fail naming the file, the object and the field: a wrong type, an unknown field, a value outside an enum, a pre-release or unknown API', () => {
    const problems = withChangedCopy(
      [
        ['audit.yaml', 'containerPort: 4005', 'containerPort: "4005"'],
        ['campaign.yaml', 'terminationGracePeriodSeconds: 30', 'terminationGracePeriod: 30'],
        ['content.yaml', 'readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: true, runAsNonroot: true'],
        ['donation.yaml', 'type: RollingUpdate', 'type: Rolling'],
        ['gateway.yaml', 'apiVersion: autoscaling/v2', 'apiVersion: autoscaling/v2beta2'],
        // LabelSelector is declared by @kubernetes-models/apimachinery: its fields are checked too.
        ['identity.yaml', 'matchLabels:', 'matchLabel:'],
      ],
      (root) => schemaProblems(build(root)),
    )
    expect(problems).toEqual(
      expect.arrayContaining([
        'deploy/k8s/audit.yaml: Deployment donaciones/audit: spec.template.spec.containers[0].ports[0].containerPort must be integer',
        `deploy/k8s/campaign.yaml: Deployment donaciones/campaign: spec.template.spec.terminationGracePeriod is not a field of PodSpec in the Kubernetes ${kubernetesVersion} API`,
        `deploy/k8s/content.yaml: Deployment donaciones/content: spec.template.spec.containers[0].securityContext.runAsNonroot is not a field of SecurityContext in the Kubernetes ${kubernetesVersion} API`,
        'deploy/k8s/donation.yaml: Deployment donaciones/donation: spec.strategy.type must be equal to one of the allowed values (Recreate, RollingUpdate)',
        `deploy/k8s/gateway.yaml: HorizontalPodAutoscaler donaciones/gateway: apiVersion autoscaling/v2beta2 is a pre-release API (off by default, or removed by Kubernetes ${kubernetesVersion}); use a GA version`,
        `deploy/k8s/identity.yaml: Deployment donaciones/identity: spec.selector.matchLabel is not a field of LabelSelector in the Kubernetes ${kubernetesVersion} API`,
      ]),
    )
    expect(problems).toHaveLength(6)
    const misnamed = appliedOnTheirOwn().map((manifest) => (manifest.file.endsWith('replay.yaml') ? { ...manifest, doc: { ...manifest.doc, kind: 'Jobs' } } : manifest))
    expect(schemaProblems(misnamed)).toEqual([`deploy/k8s/jobs/replay.yaml: Jobs donaciones/replay: apiVersion batch/v1 has no kind Jobs in the Kubernetes ${kubernetesVersion} API`])
  })

  it('fail for a resource file that does not exist, and for a kustomize feature the builder does not know', () => {
    expect(() => withChangedCopy([['audit.yaml', '', null]], build)).toThrow('deploy/k8s/kustomization.yaml: resource audit.yaml does not exist')
    expect(() => withChangedCopy([['kustomization.yaml', 'namespace: donaciones', 'namespace: donaciones\nnamePrefix: prod-']], build)).toThrow('deploy/k8s/kustomization.yaml: "namePrefix" is a kustomize feature tests/deploy/support/kustomize.ts does not build')
  })

  it.skipIf(kubectl.status !== 0)('kubectl kustomize deploy/k8s gives the same objects (runs only where kubectl is installed)', () => {
    const result = spawnSync('kubectl', ['kustomize', join(repositoryRoot, 'deploy/k8s')], { encoding: 'utf8' })
    expect(result.stderr).toBe('')
    const byIdentity = (docs: Doc[]): [string, Doc][] => docs.map((doc): [string, Doc] => [identity(doc), doc]).sort(([a], [b]) => a.localeCompare(b))
    const fromKubectl = parseAllDocuments(result.stdout).map((document) => obj(document.toJS()))
    expect(byIdentity(build().map(({ doc }) => doc))).toEqual(byIdentity(fromKubectl))
  })
})
