import { Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { preloadable } from './lib/preloadable'
import { PageLoading } from './ui/query-state'
import HomePage from './pages/home.page'

// Only the home page is in the first bundle. The table of every other page (and the code that
// fetches each) is a chunk of its own, fetched once the home page has loaded or when a buyer
// arrives on another page: the home page's first load carries none of it.
const OtherRoutes = preloadable(() => import('./other-routes'))
export const preloadOtherRoutes = () => OtherRoutes.preload()
export const preloadProductPage = () =>
  OtherRoutes.preload().then((routes) => routes.preloadProductPage())

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route>
          <OtherRoutes />
        </Route>
      </Switch>
    </Suspense>
  )
}
