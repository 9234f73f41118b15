import { ALREADY_EXISTS } from '@donaciones/contracts'
import { conflict, isEvent, newEvent, notFound, type Decider } from '@donaciones/kit'
import type { CatalogKind } from '../catalog-kinds.ts'

/**
 * `labelTaken` is read from the read model before deciding (another record's label is not in
 * this stream); the unique index on the label still refuses a record that raced past it.
 * `setup` and `remove` are the setup wizard's step and its undo (deterministic ids, so both may be
 * repeated): `setup` creates the record unless it exists, `remove` removes it if it exists.
 */
export type CatalogCommand =
  | { type: 'create'; id: string; label: string; description: string; labelTaken: boolean }
  | { type: 'update'; id: string; label: string; description: string; labelTaken: boolean }
  | { type: 'toggle'; id: string; active: boolean }
  | { type: 'setup'; id: string; label: string; description: string }
  | { type: 'remove'; id: string }

export interface CatalogState {
  exists: boolean
}

export function catalogDecider(kind: CatalogKind): Decider<CatalogCommand, CatalogState> {
  return {
    initialState: { exists: false },
    evolve(state, event) {
      if (isEvent(kind.created, event)) return { exists: true }
      if (isEvent(kind.removed, event)) return { exists: false }
      return state
    },
    decide(command, state) {
      switch (command.type) {
        case 'create':
          if (command.labelTaken || state.exists) throw conflict(ALREADY_EXISTS)
          return [
            newEvent(kind.created, { [kind.idField]: command.id, [kind.label]: command.label, description: command.description, active: true }),
          ]
        case 'update':
          if (!state.exists) throw notFound()
          if (command.labelTaken) throw conflict(ALREADY_EXISTS)
          return [newEvent(kind.updated, { [kind.idField]: command.id, [kind.label]: command.label, description: command.description })]
        case 'toggle':
          if (!state.exists) throw notFound()
          return [newEvent(kind.toggled, { [kind.idField]: command.id, active: command.active })]
        case 'setup':
          if (state.exists) return []
          return [
            newEvent(kind.created, { [kind.idField]: command.id, [kind.label]: command.label, description: command.description, active: true }),
          ]
        case 'remove':
          if (!state.exists) return []
          return [newEvent(kind.removed, { [kind.idField]: command.id })]
      }
    },
  }
}
