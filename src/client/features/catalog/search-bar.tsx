import { useEffect, useRef, useState } from 'react'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { SearchSuggestions } from './search-suggestions'

const SEARCH_DEBOUNCE_MS = 300

interface SearchBarProps {
  /** The search the address holds now (back and forward change it). */
  value: string
  /** A new term, once typing paused (or at once on Enter). */
  onSearch: (term: string) => void
}

/**
 * The home search. What is typed stays here: a keystroke redraws this input only, and the
 * page (and the server) hear of the term once typing pauses.
 */
export function SearchBar({ value, onSearch }: SearchBarProps) {
  const [text, setText] = useState(value)
  // The proposals show while she types, and go when she leaves the box, chooses or sends.
  const [suggesting, setSuggesting] = useState(false)
  // The address changed under us (back, forward, a category chip): the box follows it.
  const [seen, setSeen] = useState(value)
  if (seen !== value) {
    setSeen(value)
    if (text.trim() !== value) setText(value)
  }
  const term = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim()
  const lastTerm = useRef(term)
  useEffect(() => {
    // Only a term that changed by typing is sent, never one the address just put back.
    if (term === lastTerm.current) return
    lastTerm.current = term
    if (term !== value) onSearch(term)
  }, [term, value, onSearch])

  return (
    <div className="bg-gradient-to-r from-pink-100 via-purple-100 to-amber-50">
      <form
        role="search"
        className="mx-auto max-w-6xl px-4 py-3"
        onSubmit={(e) => {
          e.preventDefault()
          setSuggesting(false)
          if (text.trim() !== value) onSearch(text.trim())
          document.getElementById('produtos')?.scrollIntoView({ behavior: 'smooth' })
        }}
      >
        <label htmlFor="busca" className="sr-only">
          Buscar materiais
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-400"
          >
            🔍
          </span>
          <input
            id="busca"
            type="search"
            data-testid="search-input"
            value={text}
            onChange={(e) => {
              setText(e.target.value)
              setSuggesting(true)
            }}
            onBlur={() => setSuggesting(false)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setSuggesting(false)
            }}
            placeholder="Buscar por tema, série ou categoria..."
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            className="h-12 w-full rounded-2xl border-2 border-white bg-white pr-4 pl-10 text-base shadow-sm placeholder:text-gray-400 focus:border-purple-400 focus:outline-none"
          />
          {suggesting ? (
            <SearchSuggestions term={term} onChoose={() => setSuggesting(false)} />
          ) : null}
        </div>
      </form>
    </div>
  )
}
