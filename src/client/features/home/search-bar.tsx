interface SearchBarProps {
  value: string
  onChange: (value: string) => void
}

/** The home search; the page debounces and filters. */
export function SearchBar({ value, onChange }: SearchBarProps) {
  return (
    <div className="bg-gradient-to-r from-pink-100 via-purple-100 to-amber-50">
      <form
        role="search"
        className="mx-auto max-w-6xl px-4 py-3"
        onSubmit={(e) => {
          e.preventDefault()
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
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder="Buscar por tema, série ou categoria..."
            autoComplete="off"
            enterKeyHint="search"
            className="h-12 w-full rounded-2xl border-2 border-white bg-white pr-4 pl-10 text-base shadow-sm placeholder:text-gray-400 focus:border-purple-400 focus:outline-none"
          />
        </div>
      </form>
    </div>
  )
}
