/**
 * What the images hold, from package-lock.json and the sources (no install): one workspace's
 * production dependencies each, no front-end library, every import satisfied, the sources copied.
 * `npm run measure:images` does the installs for real and measures them.
 */
import { repositoryRoot } from '@donaciones/gateway'
import { imageTarget, type Dockerfile } from '../../../tools/deploy/dockerfile.ts'
import { frontEndPackages } from '../../../tools/deploy/front-end.ts'
import { frontEndProblems, imageBuilds, imageContents, sourceProblems, type ImageContents } from '../../../tools/deploy/image-contents.ts'
import type { Lockfile } from '../../../tools/deploy/lock-closure.ts'
import { workspaceDirs } from '../../../tools/deploy/workspaces.ts'
import { readRepoFile } from './platform.ts'

export function readLockfile(): Lockfile {
  return JSON.parse(readRepoFile('package-lock.json')) as Lockfile
}

/** Heavy libraries an image may hold only when its own code imports them. */
const heavy = ['exceljs', '@electric-sql/pglite', 'jspdf']

function heavyProblems(contents: ImageContents): string[] {
  const imported = new Set(contents.sources.packages.map((use) => use.name))
  return heavy.filter((name) => contents.packages.has(name) && !imported.has(name)).map((name) => `image ${contents.build.image}: installs ${name}, which its code never imports`)
}

export function contentProblems(dockerfile: Dockerfile, lock: Lockfile = readLockfile()): string[] {
  const frontEnd = frontEndPackages(repositoryRoot, lock)
  return imageBuilds(repositoryRoot).flatMap((build) => {
    let contents: ImageContents
    try {
      contents = imageContents(repositoryRoot, lock, dockerfile, build)
    } catch (error) {
      return [(error as Error).message]
    }
    return [...frontEndProblems(contents, lock, frontEnd), ...sourceProblems(contents, repositoryRoot, lock), ...heavyProblems(contents)]
  })
}

/** The install stages start from every workspace's package.json (npm ci refuses a lock file that names a missing one). */
export function manifestProblems(dockerfile: Dockerfile): string[] {
  const copied = imageTarget(dockerfile, 'manifests').instructions.filter((instruction) => instruction.keyword === 'COPY').flatMap((instruction) => instruction.args.split(/\s+/).slice(0, -1))
  return workspaceDirs(repositoryRoot)
    .filter((dir) => !copied.includes(`${dir}/package.json`))
    .map((dir) => `Dockerfile manifests: ${dir}/package.json is not copied`)
}

export function imageContentsFor(dockerfile: Dockerfile, image: string, lock: Lockfile = readLockfile()): ImageContents {
  const build = imageBuilds(repositoryRoot).find((candidate) => candidate.image === image)
  if (!build) throw new Error(`no image ${image}`)
  return imageContents(repositoryRoot, lock, dockerfile, build)
}
