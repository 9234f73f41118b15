import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { repositoryRoot } from '@donaciones/gateway'
import { composeProblems, natsClusterProblems } from './support/compose.ts'
import { parseDockerfile } from '../../tools/deploy/dockerfile.ts'
import { frontEndPackages, isFrontEndPackage } from '../../tools/deploy/front-end.ts'
import { imageBuilds } from '../../tools/deploy/image-contents.ts'
import { contentProblems, imageContentsFor, manifestProblems, readLockfile } from './support/contents.ts'
import { imageProblems, satisfiesRange } from './support/images.ts'
import { k8sProblems, loadManifests, natsProblems, type Manifest } from './support/k8s.ts'
import { obj, type Doc } from './support/values.ts'

/**
 * The deployment files, parsed, checked against the code: the service list (platform/src/services.ts),
 * the config readers (services/kit/src/runtime/settings.ts and config.ts, gateway/src/config.ts, the content
 * service's encryption key), the workspaces' start scripts and the root's replay/reconcile scripts.
 */
const dockerfile = parseDockerfile(readFileSync(join(repositoryRoot, 'deploy/Dockerfile'), 'utf8'))
const readCompose = (): Doc => obj(parse(readFileSync(join(repositoryRoot, 'docker-compose.yml'), 'utf8'), { merge: true }))
const readClusterCompose = (): Doc => obj(parse(readFileSync(join(repositoryRoot, 'docker-compose.nats-cluster.yml'), 'utf8'), { merge: true }))
const readManifests = (): Manifest[] => loadManifests(repositoryRoot, ['deploy/k8s', 'deploy/nats'])

function without(manifests: Manifest[], change: (doc: Doc) => Doc | undefined): Manifest[] {
  return manifests.flatMap((manifest) => {
    const doc = change(structuredClone(manifest.doc))
    return doc ? [{ ...manifest, doc }] : []
  })
}

function deploymentEnv(doc: Doc, name: string): Doc[] | undefined {
  if (doc.kind !== 'Deployment' || obj(doc.metadata).name !== name) return undefined
  const containers = obj(obj(obj(doc.spec).template).spec).containers as Doc[]
  return containers[0]!.env as Doc[]
}

describe('container images (deploy/Dockerfile)', () => {
  it('run each process as the code starts it, on a pinned Node LTS, non-root, with a health check and production dependencies', () => {
    expect(imageProblems(dockerfile)).toEqual([])
  })

  it('fails for a root user, a dev install or a command the code does not start with', () => {
    const text = readFileSync(join(repositoryRoot, 'deploy/Dockerfile'), 'utf8')
    const asRoot = imageProblems(parseDockerfile(text.replace(/^USER node$/m, 'USER root')))
    expect(asRoot).toContain('image of campaign: runs as root')
    const devDependencies = imageProblems(parseDockerfile(text.replaceAll('npm ci --omit=dev', 'npm ci')))
    expect(devDependencies).toContain('image of gateway: node_modules do not come from an `npm ci --omit=dev` stage')
    expect(devDependencies).toContain('image of campaign: node_modules do not come from an `npm ci --omit=dev` stage')
    const wrongEntry = imageProblems(parseDockerfile(text.replaceAll('src/main.ts', 'src/index.ts')))
    expect(wrongEntry.join('\n')).toMatch(/image of audit: runs tsx services\/audit\/src\/index.ts, the code starts with tsx services\/audit\/src\/main.ts/)
  })

  it('fails for a base image off the Node 24 line or outside the engines (decision 92)', () => {
    const text = readFileSync(join(repositoryRoot, 'deploy/Dockerfile'), 'utf8')
    const node20 = imageProblems(parseDockerfile(text.replace(/ARG NODE_IMAGE=\S+/, 'ARG NODE_IMAGE=node:20.19.5-bookworm-slim')))
    expect(node20).toContain('image of gateway: base node:20.19.5-bookworm-slim is not a pinned Node 24 bookworm-slim tag')
    const floating = imageProblems(parseDockerfile(text.replace(/ARG NODE_IMAGE=\S+/, 'ARG NODE_IMAGE=node:24-bookworm-slim')))
    expect(floating).toContain('image of identity: base node:24-bookworm-slim is not a pinned Node 24 bookworm-slim tag')
    const range = '^20.19.0 || >=22.13.0'
    expect(['20.19.0', '20.20.2', '22.13.0', '24.21.0', '26.1.0'].filter((version) => satisfiesRange(version, range))).toHaveLength(5)
    expect(['20.18.3', '21.7.3', '22.12.0', '18.20.8'].filter((version) => satisfiesRange(version, range))).toEqual([])
  })
})

describe('what the images hold (decision 93; sizes: npm run measure:images)', () => {
  it('each installs the production dependencies of its own workspace, no front-end library, and every package its code imports', () => {
    expect(contentProblems(dockerfile)).toEqual([])
    expect(manifestProblems(dockerfile)).toEqual([])
  })

  it('only the services that produce exports carry exceljs, only the jobs PGlite, and none a front-end library', () => {
    const lock = readLockfile()
    const frontEnd = frontEndPackages(repositoryRoot, lock)
    const carrying = (name: string): string[] => imageBuilds(repositoryRoot).filter((build) => imageContentsFor(dockerfile, build.image, lock).packages.has(name)).map((build) => build.image)
    expect(carrying('exceljs')).toEqual(['campaign', 'donation', 'identity', 'jobs'])
    expect(carrying('@electric-sql/pglite')).toEqual(['jobs'])
    expect(carrying('jspdf')).toEqual(['donation', 'jobs']) // shared: the voucher in the browser, the acknowledgement on the server
    expect(frontEnd.names.has('jspdf')).toBe(false)
    expect([...frontEnd.names]).toEqual(expect.arrayContaining(['react', 'react-dom', 'chart.js', 'quill', 'date-fns', 'react-router', 'webpack', '@module-federation/enhanced']))
    expect(isFrontEndPackage(frontEnd, '@module-federation/runtime-core')).toBe(true)
    expect(imageContentsFor(dockerfile, 'content', lock).packages.has('dayjs')).toBe(true) // sanitize-html's launder needs it; no front end does
  })

  it('the front ends carry one date library, date-fns (the calendar\'s); relative times come from Intl', () => {
    const frontEnd = frontEndPackages(repositoryRoot, readLockfile())
    const dateLibraries = ['date-fns', 'dayjs', 'moment', 'luxon', 'timeago.js'].filter((name) => frontEnd.names.has(name))
    expect(dateLibraries).toEqual(['date-fns'])
  })

  it('fail for a root install, a front-end dependency, an import the install lacks, a missing manifest or an uncopied source', () => {
    const text = readFileSync(join(repositoryRoot, 'deploy/Dockerfile'), 'utf8')
    const rootInstall = contentProblems(parseDockerfile(text.replace(' --workspace "services/$SERVICE"', '')))
    expect(rootInstall).toContain('image audit: npm ci --omit=dev --omit=optional --no-audit --no-fund installs no single workspace')

    const withReact = readLockfile()
    withReact.packages['services/audit']!.dependencies = { ...withReact.packages['services/audit']!.dependencies, react: '19.3.1' }
    expect(contentProblems(dockerfile, withReact)).toContain('image audit: front-end library react (needed by services/audit)')

    const noXlsx = readLockfile()
    delete noXlsx.packages['services/campaign']!.dependencies!['@donaciones/xlsx']
    expect(contentProblems(dockerfile, noXlsx).join('\n')).toMatch(/image campaign: services\/campaign\/src\/routes\/\S+ imports @donaciones\/xlsx, which services\/campaign\/package.json does not declare/)

    const pgliteRequired = readLockfile()
    const kit = pgliteRequired.packages['services/kit']!
    kit.dependencies = { ...kit.dependencies, '@electric-sql/pglite': kit.optionalDependencies!['@electric-sql/pglite']! }
    delete kit.optionalDependencies
    expect(contentProblems(dockerfile, pgliteRequired)).toContain('image gateway: services/kit/src/db/pglite-database.ts imports @electric-sql/pglite, which the install (npm ci --omit=dev --omit=optional --workspace gateway --no-audit --no-fund) leaves out')

    expect(manifestProblems(parseDockerfile(text.replace('COPY services/xlsx/package.json services/xlsx/\n', '')))).toEqual(['Dockerfile manifests: services/xlsx/package.json is not copied'])
    const noXlsxSources = contentProblems(parseDockerfile(text.replace('COPY services/xlsx services/xlsx\n', '')))
    expect(noXlsxSources).toContain('image identity: runs services/xlsx/src/xlsx.ts, which it does not copy')
  })
})

describe('docker-compose.yml', () => {
  it('runs every process of the platform with the variables its config requires, on the right ports and health checks', async () => {
    expect(await composeProblems(readCompose(), dockerfile)).toEqual([])
  })

  it('fails when a service, a required variable or the jobs service is missing', async () => {
    const noAudit = readCompose()
    delete obj(noAudit.services).audit
    expect(await composeProblems(noAudit, dockerfile)).toContain('compose: no service "audit"')

    const noKey = readCompose()
    delete obj(obj(obj(noKey.services).content).environment).CONFIG_ENCRYPTION_KEY
    expect((await composeProblems(noKey, dockerfile)).join('\n')).toMatch(/compose content: Falta CONFIG_ENCRYPTION_KEY/)

    const noToken = readCompose()
    delete obj(obj(obj(noToken.services).campaign).environment).INTERNAL_TOKEN
    expect(await composeProblems(noToken, dockerfile)).toContain('compose campaign: Falta la variable de entorno INTERNAL_TOKEN')

    const wrongPort = readCompose()
    obj(obj(wrongPort.services).donation).environment = { ...obj(obj(obj(wrongPort.services).donation).environment), PORT: '4999' }
    expect((await composeProblems(wrongPort, dockerfile)).join('\n')).toMatch(/compose donation: health check .* port 4999/)

    const noJobs = readCompose()
    delete obj(noJobs.services).jobs
    expect(await composeProblems(noJobs, dockerfile)).toContain('compose jobs: not the jobs image under a profile of its own')
  })
})

describe('docker-compose.nats-cluster.yml (NATS as three JetStream nodes)', () => {
  it('adds two nodes to nats, routed to each other, and every service lists the three and makes the stream with 3 replicas', async () => {
    expect(await natsClusterProblems(readCompose(), readClusterCompose(), dockerfile)).toEqual([])
  })

  it('fails with a node left out of the routes, a shared volume, or a service on one node', async () => {
    const shortRoutes = readClusterCompose()
    const command = obj(obj(shortRoutes.services)['nats-3']).command as string[]
    command[command.indexOf('--routes') + 1] = 'nats://nats:6222,nats://nats-2:6222'
    expect(await natsClusterProblems(readCompose(), shortRoutes, dockerfile)).toContain('nats cluster nats-3: routes nats://nats-2:6222,nats://nats:6222, not nats://nats-2:6222,nats://nats-3:6222,nats://nats:6222')

    const sharedVolume = readClusterCompose()
    obj(obj(sharedVolume.services)['nats-2']).volumes = ['nats-data:/data']
    expect(await natsClusterProblems(readCompose(), sharedVolume, dockerfile)).toContain('nats cluster: the nodes share a JetStream volume')

    const oneNode = readClusterCompose()
    obj(obj(oneNode.services).donation).environment = { NATS_URL: 'nats://nats:4222', NATS_STREAM_REPLICAS: '3' }
    expect(await natsClusterProblems(readCompose(), oneNode, dockerfile)).toContain('nats cluster donation: NATS_URL nats://nats:4222 does not list the nodes nats, nats-2, nats-3')

    const noWait = readClusterCompose()
    delete obj(obj(obj(noWait.services).audit).depends_on)['nats-2']
    expect(await natsClusterProblems(readCompose(), noWait, dockerfile)).toContain('nats cluster audit: does not wait for nats-2')
  })
})

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('have a Deployment and a Service per process, probes on /readyz and /healthz, requests, secrets, HPAs and the replay/reconcile Jobs on the jobs image', async () => {
    expect(await k8sProblems(readManifests(), dockerfile)).toEqual([])
  })

  it('are all applied by the kustomization (the secret template and the Jobs on purpose not)', () => {
    const kustomization = parse(readFileSync(join(repositoryRoot, 'deploy/k8s/kustomization.yaml'), 'utf8')) as { resources: string[] }
    const files = [...new Set(readManifests().map((manifest) => manifest.file))].filter((file) => /^deploy\/k8s\/[^/]+$/.test(file))
    const expected = files.map((file) => file.slice('deploy/k8s/'.length)).filter((file) => file !== 'kustomization.yaml' && file !== 'secrets.example.yaml')
    expect([...kustomization.resources].sort()).toEqual(expected.sort())
  })

  it('leave public documents at the default age: replicas drop them on each other\'s changes (decision 80)', () => {
    const setting = readManifests().filter((manifest) => JSON.stringify(manifest.doc).includes('PUBLIC_CACHE_MAX_AGE_MS'))
    expect(setting.map((manifest) => manifest.file)).toEqual([])
  })

  it('fail when a Deployment, a variable, a probe or an autoscaler is missing, or a Job is on another image', async () => {
    const manifests = readManifests()
    const noCampaign = without(manifests, (doc) => (doc.kind === 'Deployment' && obj(doc.metadata).name === 'campaign' ? undefined : doc))
    expect(await k8sProblems(noCampaign, dockerfile)).toContain('k8s: no Deployment "campaign"')

    const noDatabase = without(manifests, (doc) => {
      const env = deploymentEnv(doc, 'audit')
      if (env) env.splice(env.findIndex((entry) => entry.name === 'DATABASE_URL'), 1)
      return doc
    })
    expect(await k8sProblems(noDatabase, dockerfile)).toContain('k8s Deployment audit: Falta la variable de entorno DATABASE_URL')

    const noKey = without(manifests, (doc) => {
      const env = deploymentEnv(doc, 'content')
      if (env) env.splice(env.findIndex((entry) => entry.name === 'CONFIG_ENCRYPTION_KEY'), 1)
      return doc
    })
    expect((await k8sProblems(noKey, dockerfile)).join('\n')).toMatch(/k8s Deployment content: Falta CONFIG_ENCRYPTION_KEY/)

    const wrongPort = without(manifests, (doc) => {
      deploymentEnv(doc, 'identity')?.forEach((entry) => {
        if (entry.name === 'PORT') entry.value = '4101'
      })
      return doc
    })
    expect((await k8sProblems(wrongPort, dockerfile)).join('\n')).toMatch(/identity: container ports 4001 do not include 4101/)

    const replayOnGateway = without(manifests, (doc) => (doc.kind === 'Job' ? obj(JSON.parse(JSON.stringify(doc).replace('donaciones/jobs:', 'donaciones/gateway:'))) : doc))
    expect(await k8sProblems(replayOnGateway, dockerfile)).toContain('k8s Job replay: image donaciones/gateway:latest is not donaciones/jobs (the image with the platform package)')

    const noHpa = without(manifests, (doc) => (doc.kind === 'HorizontalPodAutoscaler' && obj(doc.metadata).name === 'donation' ? undefined : doc))
    expect((await k8sProblems(noHpa, dockerfile)).join('\n')).toMatch(/HorizontalPodAutoscalers target campaign, gateway,/)
  })
})

describe('NATS JetStream cluster (deploy/nats)', () => {
  it('has 3 nodes routed to each other and creates the bus stream with 3 replicas', () => {
    expect(natsProblems(readManifests())).toEqual([])
  })

  it('fails with fewer nodes or replicas', () => {
    const twoNodes = without(readManifests(), (doc) => {
      if (doc.kind === 'StatefulSet') obj(doc.spec).replicas = 2
      return doc
    })
    expect(natsProblems(twoNodes)).toContain('nats: StatefulSet has 2 replicas, not 3')
    const oneReplica = without(readManifests(), (doc) => obj(JSON.parse(JSON.stringify(doc).replace('--replicas 3', '--replicas 1'))))
    expect(natsProblems(oneReplica)).toContain('nats: the stream is not created with 3 replicas')
    const servicesWithOne = without(readManifests(), (doc) => obj(JSON.parse(JSON.stringify(doc).replace('"NATS_STREAM_REPLICAS":"3"', '"NATS_STREAM_REPLICAS":"1"'))))
    expect(natsProblems(servicesWithOne)).toContain('nats: services would create the stream with 1 replica(s) (NATS_STREAM_REPLICAS), not 3')
  })
})
