import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import HomePage from './pages/home.page'
import { Spinner } from './ui/spinner'

// Only the home page is in the first bundle; every other page loads on demand.
const ProductPage = lazy(() => import('./pages/product.page'))
const AboutPage = lazy(() => import('./pages/about.page'))
const PrivacyPage = lazy(() => import('./pages/privacy.page'))
const TermsPage = lazy(() => import('./pages/terms.page'))
const NotFoundPage = lazy(() => import('./pages/not-found.page'))

function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-purple-700">
      <Spinner />
    </div>
  )
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/produto/:id">{(params) => <ProductPage id={params.id} />}</Route>
        <Route path="/sobre-nos" component={AboutPage} />
        <Route path="/politica-privacidade" component={PrivacyPage} />
        <Route path="/termos-uso" component={TermsPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  )
}
