import { useEffect, useState, type FormEvent } from 'react'

const SEARCH_DELAY_MS = 400

/**
 * A list's search box: `search` follows what is typed after a short pause, or at once on Enter;
 * `onSearch` is called whenever it changes (to go back to the first page).
 */
export function useSearchText(onSearch: () => void) {
  const [input, setInput] = useState('')
  const [search, setSearch] = useState('')

  useEffect(() => {
    const text = input.trim()
    if (text === search) return
    const timer = setTimeout(() => {
      setSearch(text)
      onSearch()
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [input, search, onSearch])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSearch(input.trim())
    onSearch()
  }
  return { input, setInput, search, submit }
}
