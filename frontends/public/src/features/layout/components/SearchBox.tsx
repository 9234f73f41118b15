import { useEffect, useId, useState, type FormEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from '@donaciones/web-kit/router'

/**
 * Spec §2.2 search: non-empty text opens the gallery filtered by title; empty text goes back to
 * the normal scroll list. Either starts at the top of the page: /campaigns keeps its scroll
 * position on a route change (spec §2.1), which would leave the new results' heading, or the
 * notice that there are none, above the screen of a visitor who had scrolled down.
 */
export function SearchBox({ onSearched }: { onSearched?: () => void }) {
  const id = useId()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const current = pathname === '/campaigns' ? (params.get('title') ?? '') : ''
  const [text, setText] = useState(current)
  useEffect(() => setText(current), [current])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const title = text.trim()
    navigate(title ? `/campaigns?${new URLSearchParams({ title }).toString()}` : '/campaigns')
    window.scrollTo(0, 0)
    onSearched?.()
  }

  return (
    <form className="public-search" role="search" onSubmit={submit}>
      <label htmlFor={id} className="kit-visually-hidden">Buscar campañas por título</label>
      <input
        id={id}
        className="kit-input public-search__input"
        type="search"
        placeholder="Buscar campañas"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="kit-button public-search__button">Buscar</button>
    </form>
  )
}
