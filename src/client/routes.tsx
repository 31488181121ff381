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
const LoginPage = lazy(() => import('./pages/login.page'))
const SignupPage = lazy(() => import('./pages/signup.page'))
const DashboardPage = lazy(() => import('./pages/dashboard.page'))
const MyMaterialsPage = lazy(() => import('./pages/my-materials.page'))
const AdminLoginPage = lazy(() => import('./pages/admin-login.page'))
const AdminPage = lazy(() => import('./pages/admin.page'))
const CheckoutPage = lazy(() => import('./pages/checkout.page'))
const CheckoutMercadoPagoPage = lazy(() => import('./pages/checkout-mercadopago.page'))
const PaymentRecoveryPage = lazy(() => import('./pages/payment-recovery.page'))

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
        <Route path="/checkout" component={CheckoutPage} />
        <Route path="/checkout-pix" component={CheckoutPage} />
        <Route path="/checkout-mercadopago" component={CheckoutMercadoPagoPage} />
        <Route path="/payment-recovery" component={PaymentRecoveryPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/cadastro" component={SignupPage} />
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/meus-materiais" component={MyMaterialsPage} />
        <Route path="/admin/login" component={AdminLoginPage} />
        <Route path="/admin" component={AdminPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  )
}
