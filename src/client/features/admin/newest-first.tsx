import { infiniteQueryOptions, type UseInfiniteQueryResult } from '@tanstack/react-query'
import { ADMIN_LIST_PAGE } from '../../../contracts/admin'
import type { AnswerOf, ApiRoute } from '../../../contracts/api-route'
import { call } from '../../lib/api'
import { Button } from '../../ui/button'
import { LoadError } from '../../ui/query-state'

/**
 * An admin list read a page at a time, newest first (`?before=` the last id shown: the server's
 * db/newest-first.ts): a page shorter than ADMIN_LIST_PAGE is the last.
 */
export function newestFirstQuery<R extends ApiRoute<string, undefined, { id: string }[]>>(
  queryKey: readonly unknown[],
  route: R,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      // Typed as a route without parameters or body, which each route given here is.
      call(route as unknown as ApiRoute<'', undefined, AnswerOf<R>>, {
        query: pageParam ? { before: pageParam } : {},
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page: AnswerOf<R>) =>
      page.length === ADMIN_LIST_PAGE ? page[page.length - 1]!.id : undefined,
  })
}

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
