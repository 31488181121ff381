import { lazy, type ReactNode } from 'react'
import { Route, Switch } from 'wouter'
import type { VariantId } from './features/admin/product-form/variants'
import { PAGE_PATHS, type PagePath } from '../contracts/page-routes'
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

const CheckoutPage = lazy(() => import('./pages/checkout.page'))
const CheckoutMercadoPagoPage = lazy(() => import('./pages/checkout-mercadopago.page'))
const PaymentRecoveryPage = lazy(() => import('./pages/payment-recovery.page'))
const ClubePage = lazy(() => import('./pages/clube.page'))
const FavoritesPage = lazy(() => import('./pages/favoritos.page'))
const SharedListPage = lazy(() => import('./pages/shared-list.page'))
const BnccSkillPage = lazy(() => import('./pages/bncc-skill.page'))
const BnccIndexPage = lazy(() => import('./pages/bncc-index.page'))
const RatePage = lazy(() => import('./pages/avaliar.page'))
const NewsletterLinkPage = lazy(() => import('./pages/novidades.page'))
const RestoreCartPage = lazy(() => import('./pages/carrinho-recuperar.page'))

type Page = (params: { id?: string; code?: string }) => ReactNode
const form =
  (variant: VariantId): Page =>
  () => <ProductFormPage variant={variant} />

/**
 * Every page but the home page, by its address in the contract's table (the server answers 404
 * for any address not there): a page added there without one here does not compile.
 */
const PAGES: Record<Exclude<PagePath, '/'>, Page> = {
  '/produto/:id': ({ id }) => <ProductPage id={id!} />,
  '/sobre-nos': () => <AboutPage />,
  '/politica-privacidade': () => <PrivacyPage />,
  '/termos-uso': () => <TermsPage />,
  '/fale-conosco': () => <ContactPage />,
  '/checkout': () => <CheckoutPage />,
  '/checkout-pix': () => <CheckoutPage />,
  '/checkout-mercadopago': () => <CheckoutMercadoPagoPage />,
  '/payment-recovery': () => <PaymentRecoveryPage />,
  '/clube': () => <ClubePage />,
  '/favoritos': () => <FavoritesPage />,
  '/lista/:code': ({ code }) => <SharedListPage code={code!} />,
  '/bncc': () => <BnccIndexPage />,
  '/bncc/:code': ({ code }) => <BnccSkillPage code={code!} />,
  '/avaliar': () => <RatePage />,
  '/carrinho/recuperar': () => <RestoreCartPage />,
  '/novidades/confirmar': () => <NewsletterLinkPage mode="confirm" />,
  '/novidades/cancelar': () => <NewsletterLinkPage mode="unsubscribe" />,
  '/login': () => <LoginPage />,
  '/cadastro': () => <SignupPage />,
  '/esqueci-senha': () => <ForgotPasswordPage />,
  '/redefinir-senha': () => <ResetPasswordPage />,
  '/dashboard': () => <DashboardPage />,
  '/meus-materiais': () => <MyMaterialsPage />,
  '/download-direto': () => <DirectDownloadPage />,
  '/download-simples': () => <DirectDownloadPage />,
  '/baixar-materiais': () => <DirectDownloadPage />,
  '/admin': () => <AdminPage />,
  '/admin/login': () => <AdminLoginPage />,
  '/admin/config': () => <AdminConfigPage />,
  '/admin/edit-product/:id': ({ id }) => <AdminEditProductPage id={id!} />,
  // The product registration screens of SPEC.md section 2: one form, one variant each.
  '/admin/create-product': form('admin'),
  '/admin/criar-produto-direto': form('direct'),
  '/novo-produto': form('base64'),
  '/cadastrar-produto': form('newer'),
  '/cadastro-produto': form('traditional'),
  '/criar-produto': form('reload'),
  '/produto-novo': form('reload'),
  '/upload-multiplo.html': form('multiple'),
  '/acesso-cadastro': () => <AccessHubPage />,
  '/teste-simples': () => <SimpleTestPage />,
  '/teste-imagens': () => <ImagesTestPage />,
  '/teste-imagens-fast': () => <FastImagesTestPage />,
  '/teste-upload': () => <UploadTestPage />,
  '/upload-teste': () => <SampleUploadPage />,
}

/** Every page but the home page, each its own chunk (routes.tsx loads this table after the home). */
export default function OtherRoutes() {
  return (
    <Switch>
      {PAGE_PATHS.filter((path) => path !== '/').map((path) => (
        <Route key={path} path={path}>
          {(params: { id?: string; code?: string }) =>
            PAGES[path as Exclude<PagePath, '/'>](params)
          }
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  )
}
