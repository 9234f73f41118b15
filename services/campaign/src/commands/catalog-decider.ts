import { newEvent, refuse, type Decider } from '@donaciones/kit'
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
    // The catalog's kind is chosen at run time, so its events are not one union the compiler can
    // check a switch against.
    events: [kind.created, kind.updated, kind.toggled, kind.removed],
    initialState: { exists: false },
    evolve(state, event) {
      if (event.type === kind.created.type) return { exists: true }
      if (event.type === kind.removed.type) return { exists: false }
      return state
    },
    decide(command, state) {
      switch (command.type) {
        case 'create':
          if (command.labelTaken || state.exists) throw refuse.alreadyExists()
          return [
            newEvent(kind.created, { [kind.idField]: command.id, [kind.label]: command.label, description: command.description, active: true }),
          ]
        case 'update':
          if (!state.exists) throw refuse.notFound()
          if (command.labelTaken) throw refuse.alreadyExists()
          return [newEvent(kind.updated, { [kind.idField]: command.id, [kind.label]: command.label, description: command.description })]
        case 'toggle':
          if (!state.exists) throw refuse.notFound()
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
