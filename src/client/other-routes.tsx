import { lazy } from 'react'
import { Route, Switch } from 'wouter'
import type { VariantId } from './features/admin/product-form/variants'
import { preloadable } from './lib/preloadable'

const ProductPage = preloadable(() => import('./pages/product.page'))
export const preloadProductPage = () => ProductPage.preload()
const AboutPage = lazy(() => import('./pages/about.page'))
const PrivacyPage = lazy(() => import('./pages/privacy.page'))
const TermsPage = lazy(() => import('./pages/terms.page'))
const ContactPage = lazy(() => import('./pages/contact.page'))
const NotFoundPage = lazy(() => import('./pages/not-found.page'))
const LoginPage = lazy(() => import('./pages/login.page'))
const SignupPage = lazy(() => import('./pages/signup.page'))
const ForgotPasswordPage = lazy(() => import('./pages/esqueci-senha.page'))
const ResetPasswordPage = lazy(() => import('./pages/redefinir-senha.page'))
const DashboardPage = lazy(() => import('./pages/dashboard.page'))
const MyMaterialsPage = lazy(() => import('./pages/my-materials.page'))
const DirectDownloadPage = lazy(() => import('./pages/direct-download.page'))
const AdminLoginPage = lazy(() => import('./pages/admin-login.page'))
const AdminPage = lazy(() => import('./pages/admin.page'))
// Administration: each screen its own chunk; the home bundle carries none of it.
const AdminConfigPage = lazy(() => import('./pages/admin-config.page'))
const AdminEditProductPage = lazy(() => import('./pages/admin-edit-product.page'))
const ProductFormPage = lazy(() => import('./pages/product-form.page'))
const AccessHubPage = lazy(() => import('./pages/acesso-cadastro.page'))
const SimpleTestPage = lazy(() => import('./pages/teste-simples.page'))
const ImagesTestPage = lazy(() => import('./pages/teste-imagens.page'))
const FastImagesTestPage = lazy(() => import('./pages/teste-imagens-fast.page'))
const UploadTestPage = lazy(() => import('./pages/teste-upload.page'))
const SampleUploadPage = lazy(() => import('./pages/upload-teste.page'))

/** The product registration screens of SPEC.md section 2: one form, one variant each. */
const PRODUCT_FORM_ROUTES: Array<[string, VariantId]> = [
  ['/admin/create-product', 'admin'],
  ['/admin/criar-produto-direto', 'direct'],
  ['/novo-produto', 'base64'],
  ['/cadastrar-produto', 'newer'],
  ['/cadastro-produto', 'traditional'],
  ['/criar-produto', 'reload'],
  ['/produto-novo', 'reload'],
  ['/upload-multiplo.html', 'multiple'],
]
const CheckoutPage = lazy(() => import('./pages/checkout.page'))
const CheckoutMercadoPagoPage = lazy(() => import('./pages/checkout-mercadopago.page'))
const PaymentRecoveryPage = lazy(() => import('./pages/payment-recovery.page'))

/** Every page but the home page, each its own chunk (routes.tsx loads this table after the home). */
export default function OtherRoutes() {
  return (
    <Switch>
      <Route path="/produto/:id">{(params) => <ProductPage id={params.id} />}</Route>
      <Route path="/sobre-nos" component={AboutPage} />
      <Route path="/politica-privacidade" component={PrivacyPage} />
      <Route path="/termos-uso" component={TermsPage} />
      <Route path="/fale-conosco" component={ContactPage} />
      <Route path="/checkout" component={CheckoutPage} />
      <Route path="/checkout-pix" component={CheckoutPage} />
      <Route path="/checkout-mercadopago" component={CheckoutMercadoPagoPage} />
      <Route path="/payment-recovery" component={PaymentRecoveryPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/cadastro" component={SignupPage} />
      <Route path="/esqueci-senha" component={ForgotPasswordPage} />
      <Route path="/redefinir-senha" component={ResetPasswordPage} />
      <Route path="/dashboard" component={DashboardPage} />
      <Route path="/meus-materiais" component={MyMaterialsPage} />
      <Route path="/download-direto" component={DirectDownloadPage} />
      <Route path="/download-simples" component={DirectDownloadPage} />
      <Route path="/baixar-materiais" component={DirectDownloadPage} />
      <Route path="/admin/login" component={AdminLoginPage} />
      <Route path="/admin/config" component={AdminConfigPage} />
      <Route path="/admin/edit-product/:id">
        {(params) => <AdminEditProductPage id={params.id} />}
      </Route>
      {PRODUCT_FORM_ROUTES.map(([path, variant]) => (
        <Route key={path} path={path}>
          {() => <ProductFormPage variant={variant} />}
        </Route>
      ))}
      <Route path="/acesso-cadastro" component={AccessHubPage} />
      <Route path="/teste-simples" component={SimpleTestPage} />
      <Route path="/teste-imagens" component={ImagesTestPage} />
      <Route path="/teste-imagens-fast" component={FastImagesTestPage} />
      <Route path="/teste-upload" component={UploadTestPage} />
      <Route path="/upload-teste" component={SampleUploadPage} />
      <Route path="/admin" component={AdminPage} />
      <Route component={NotFoundPage} />
    </Switch>
  )
}
