import { ALREADY_EXISTS, pageActivationToggled, pageCreated, pageUpdated, type PageName } from '@donaciones/contracts'
import { conflict, isEvent, newEvent, notFound, type Decider } from '@donaciones/kit'

export const pageNotFound = () => notFound('Página no encontrada', 'La página solicitada no existe')

/** The description arrives sanitised and checked as not blank: that is input, not the page's state. */
export type PageCommand =
  | { kind: 'create'; pageId: string; name: PageName; title: string; description: string }
  | { kind: 'update'; pageId: string; description: string }
  | { kind: 'toggle'; pageId: string; active: boolean }

/** A static page as its stream tells it; null before it is created. */
export type PageState = { active: boolean } | null

export const pageStream = (pageId: string) => `page-${pageId}`

/** The rules of one static page (`page-<id>`): created once by the setup; a toggle to the state it has records nothing. */
export const pageDecider: Decider<PageCommand, PageState> = {
  initialState: null,
  evolve(state, event) {
    if (isEvent(pageCreated, event)) return { active: event.data.active }
    if (isEvent(pageActivationToggled, event) && state) return { active: event.data.active }
    return state
  },
  decide(command, state) {
    switch (command.kind) {
      case 'create':
        if (state) throw conflict(ALREADY_EXISTS)
        return [newEvent(pageCreated, { pageId: command.pageId, name: command.name, title: command.title, description: command.description, active: true })]
      case 'update':
        if (!state) throw pageNotFound()
        return [newEvent(pageUpdated, { pageId: command.pageId, description: command.description })]
      case 'toggle':
        if (!state) throw pageNotFound()
        if (state.active === command.active) return []
        return [newEvent(pageActivationToggled, { pageId: command.pageId, active: command.active })]
    }
  },
}
