import { Link } from 'wouter'
import { RequireAdmin } from '../features/auth/require-admin'

const GROUPS = [
  {
    title: 'Painel',
    links: [
      ['/admin', 'Painel administrativo'],
      ['/admin/create-product', 'Novo produto (completo)'],
      ['/admin/config', 'Configurações da loja'],
    ],
  },
  {
    title: 'Formas de cadastro',
    links: [
      ['/admin/criar-produto-direto', 'Formulário direto (volta ao painel)'],
      ['/cadastrar-produto', 'Cadastro com prévia da imagem (abre o produto)'],
      ['/cadastro-produto', 'Cadastro tradicional + envio rápido Base64'],
      ['/novo-produto', 'Cadastro simples (Base64, arquivos pequenos)'],
      ['/criar-produto', 'Criar produto (recarrega a página)'],
      ['/produto-novo', 'Produto novo (recarrega a página)'],
      ['/upload-multiplo.html', 'Upload múltiplo (várias imagens e arquivos)'],
    ],
  },
  {
    title: 'Diagnóstico',
    links: [
      ['/teste-upload', 'Teste de conexão e upload'],
      ['/upload-teste', 'Criar produto de teste'],
      ['/teste-imagens', 'Teste de imagens'],
      ['/teste-imagens-fast', 'Teste rápido de imagens'],
      ['/teste-simples', 'Página simples'],
    ],
  },
] as const

/** /acesso-cadastro: every way to register a product, the panel and the diagnostics (admin only). */
export default function AccessHubPage() {
  return (
    <RequireAdmin>
      <AccessHub />
    </RequireAdmin>
  )
}

function AccessHub() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-extrabold text-purple-900">Acesso ao cadastro</h1>
      <p className="mt-1 text-gray-600">
        Outras formas de cadastrar produtos e páginas de diagnóstico. Para o dia a dia, use o
        painel.
      </p>
      {GROUPS.map((group) => (
        <section key={group.title} className="mt-6">
          <h2 className="text-lg font-bold text-purple-900">{group.title}</h2>
          <ul className="mt-2 space-y-2">
            {group.links.map(([href, label]) => (
              <li key={href}>
                <Link
                  href={href}
                  className="flex items-center justify-between gap-2 rounded-2xl bg-white p-4 font-semibold text-purple-800 shadow-sm ring-1 ring-purple-100 hover:bg-purple-50"
                >
                  <span>{label}</span>
                  <span className="font-mono text-xs text-gray-600">{href}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
