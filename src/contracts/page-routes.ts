/**
 * Every address the client draws a page for, shared by the client's route table (which must
 * give each one its page: `other-routes.tsx` is keyed by this type) and the server (which
 * answers 404 for any other address, and asks for the admin's login before serving an `admin`
 * one). `admin`: the administration's screens and the SPEC's alternative product forms and
 * diagnostic pages; /admin and /admin/login are `public` (they are the login).
 */
export const PAGE_ROUTES = {
  '/': 'public',
  '/produto/:id': 'public',
  '/sobre-nos': 'public',
  '/politica-privacidade': 'public',
  '/termos-uso': 'public',
  '/fale-conosco': 'public',
  '/checkout': 'public',
  '/checkout-pix': 'public',
  '/checkout-mercadopago': 'public',
  '/payment-recovery': 'public',
  '/clube': 'public',
  '/favoritos': 'public',
  '/lista/:code': 'public',
  '/bncc': 'public',
  '/bncc/:code': 'public',
  '/avaliar': 'public',
  '/carrinho/recuperar': 'public',
  '/novidades/confirmar': 'public',
  '/novidades/cancelar': 'public',
  '/login': 'public',
  '/cadastro': 'public',
  '/esqueci-senha': 'public',
  '/redefinir-senha': 'public',
  '/dashboard': 'public',
  '/meus-materiais': 'public',
  '/download-direto': 'public',
  '/download-simples': 'public',
  '/baixar-materiais': 'public',
  '/admin': 'public',
  '/admin/login': 'public',
  '/admin/config': 'admin',
  '/admin/edit-product/:id': 'admin',
  '/admin/create-product': 'admin',
  '/admin/criar-produto-direto': 'admin',
  '/novo-produto': 'admin',
  '/cadastrar-produto': 'admin',
  '/cadastro-produto': 'admin',
  '/criar-produto': 'admin',
  '/produto-novo': 'admin',
  '/upload-multiplo.html': 'admin',
  '/acesso-cadastro': 'admin',
  '/teste-simples': 'admin',
  '/teste-imagens': 'admin',
  '/teste-imagens-fast': 'admin',
  '/teste-upload': 'admin',
  '/upload-teste': 'admin',
} as const satisfies Record<string, 'public' | 'admin'>

export type PagePath = keyof typeof PAGE_ROUTES
export const PAGE_PATHS = Object.keys(PAGE_ROUTES) as PagePath[]

/**
 * The pattern an address is drawn by, matched as the client's router (wouter, through
 * regexparam) matches: letters in any case, an optional trailing slash, `:name` one segment.
 */
export function matchPage(pathname: string): PagePath | null {
  const parts = splitPath(pathname)
  if (!parts) return null
  return (
    PAGE_PATHS.find((pattern) => {
      const want = splitPath(pattern)!
      return (
        want.length === parts.length &&
        want.every((segment, i) =>
          segment.startsWith(':')
            ? parts[i] !== ''
            : segment.toLowerCase() === parts[i]!.toLowerCase(),
        )
      )
    }) ?? null
  )
}

/** '/a/b/' → ['a', 'b']; '/' → []; an address with an empty segment inside ('//x') → null. */
function splitPath(pathname: string): string[] | null {
  if (!pathname.startsWith('/')) return null
  const trimmed =
    pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(1, -1) : pathname.slice(1)
  if (trimmed === '') return []
  const parts = trimmed.split('/')
  return parts.includes('') ? null : parts
}

export const isAdminPage = (path: PagePath) => PAGE_ROUTES[path] === 'admin'
