import { pageActivationToggled, pageCreated, pageUpdated, type PageName } from '@donaciones/contracts'
import { newEvent, refuse, type Decider } from '@donaciones/kit'

export const pageNotFound = () => refuse.notFound('Página no encontrada', 'La página solicitada no existe')

/** The description arrives sanitised and checked as not blank: that is input, not the page's state. */
export type PageCommand =
  | { kind: 'create'; pageId: string; name: PageName; title: string; description: string }
  | { kind: 'update'; pageId: string; description: string }
  | { kind: 'toggle'; pageId: string; active: boolean }

/** A static page as its stream tells it; null before it is created. */
export type PageState = { active: boolean } | null

export const pageStream = (pageId: string) => `page-${pageId}`

/** The rules of one static page (`page-<id>`): created once by the setup; a toggle to the state it has records nothing. */
export const pageDecider: Decider<PageCommand, PageState, typeof pageCreated | typeof pageUpdated | typeof pageActivationToggled> = {
  events: [pageCreated, pageUpdated, pageActivationToggled],
  initialState: null,
  evolve(state, event) {
    switch (event.type) {
      case pageCreated.type:
        return { active: event.data.active }
      case pageActivationToggled.type:
        return state && { active: event.data.active }
      case pageUpdated.type:
        return state
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'create':
        if (state) throw refuse.alreadyExists()
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
