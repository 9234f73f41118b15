import type { Compilation, Compiler, Module } from 'webpack'

export interface SingleInstanceOptions {
  /** The bundle's name, for the messages. */
  bundle: string
  /** The repository, for readable paths. */
  root: string
  /** Packages each bundle may keep its own copy of. */
  duplicable: string[]
}

export interface DuplicatedModule {
  /** Path from the repository root. */
  module: string
  /** 'own' or 'shared <key>', sorted. */
  roots: string[]
}

export function rootsOfModules(compilation: Compilation): Map<Module, Set<string>>
export function duplicatedModules(compilation: Compilation, options: Pick<SingleInstanceOptions, 'root' | 'duplicable'>): DuplicatedModule[]

export class SingleInstancePlugin {
  constructor(options: SingleInstanceOptions)
  readonly options: SingleInstanceOptions
  apply(compiler: Compiler): void
}
