import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import { Button } from '../../ui/button'
import { LoadError } from '../../ui/query-state'

/** Below such a list: the button for the older rows, or why they did not come. */
export function OlderPages({
  pages,
  label,
}: {
  pages: UseInfiniteQueryResult<unknown>
  /** 'Carregar mais pedidos' */
  label: string
}) {
  if (pages.isFetchNextPageError) {
    return <LoadError error={pages.error} onRetry={() => void pages.fetchNextPage()} />
  }
  if (!pages.hasNextPage) return null
  return (
    <Button
      variant="secondary"
      className="mt-4 w-full"
      data-testid="older-pages"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? 'Carregando...' : label}
    </Button>
  )
}
