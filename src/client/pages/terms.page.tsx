import { Link } from 'wouter'
import { LegalLayout } from '../features/legal/legal-layout'
import { usePublicSetting } from '../features/settings/settings.queries'

export default function TermsPage() {
  const maxDownloads = usePublicSetting('max_downloads', '3')
  const linkMinutes = usePublicSetting('download_link_expiry', '30')
  const email = usePublicSetting('footer_email')

  return (
    <LegalLayout title="Termos de uso">
      <section id="termos">
        <p>
          Ao navegar e comprar nesta loja, você concorda com os termos abaixo. Leia com atenção; em
          caso de dúvida, fale com a gente antes de finalizar a compra.
        </p>

        <h2>1. Os produtos</h2>
        <p>
          Vendemos materiais pedagógicos digitais: arquivos para download (como PDF e ZIP) e, em
          alguns produtos, links para modelos editáveis no Canva. Nenhum produto é físico ou enviado
          pelo correio. As imagens da página do produto mostram o conteúdo do material.
        </p>

        <h2>2. Compra e pagamento</h2>
        <ul>
          <li>Os preços são em reais (R$) e o pagamento é feito por PIX.</li>
          <li>O pedido é confirmado quando o pagamento é identificado.</li>
          <li>Um PIX pendente que não for pago pode ser cancelado automaticamente.</li>
        </ul>

        <h2>3. Downloads</h2>
        <ul>
          <li>Cada compra dá direito a {maxDownloads} downloads de cada material comprado.</li>
          <li>
            Cada link de download vale por {linkMinutes} minutos e pode ser reaberto nesse período
            sem consumir um novo download.
          </li>
          <li>
            Recomendamos salvar o arquivo no computador, no celular ou na nuvem logo após baixar.
          </li>
        </ul>

        <h2>4. Licença de uso</h2>
        <p>
          O material é licenciado para uso pessoal e em sala de aula: você pode imprimir quantas
          cópias precisar para os seus alunos. Não é permitido revender, distribuir, compartilhar os
          arquivos em grupos ou redes sociais, nem publicá-los na internet, no todo ou em parte. Os
          direitos autorais continuam com a loja e as autoras.
        </p>

        <h2>5. Cancelamento e reembolso</h2>
        <ul>
          <li>
            Você pode desistir da compra e receber o{' '}
            <strong>reembolso integral em até 7 dias</strong> a partir do pagamento, desde que o
            material <strong>não tenha sido baixado</strong>.
          </li>
          <li>
            Depois do primeiro download não há reembolso, pois o conteúdo digital já foi entregue,{' '}
            <strong>exceto em caso de erro técnico</strong> (arquivo corrompido, incompleto ou
            diferente do anunciado) que não possamos corrigir.
          </li>
          <li>O reembolso é devolvido por PIX para a conta que fez o pagamento.</li>
        </ul>

        <h2>6. Produtos gratuitos</h2>
        <p>
          Materiais gratuitos seguem a mesma licença de uso e podem ser retirados da loja a qualquer
          momento.
        </p>

        <h2>7. Conta e segurança</h2>
        <p>
          Você é responsável por manter sua senha em sigilo e por informar dados verdadeiros na
          compra, porque é por eles (e-mail e WhatsApp) que seus materiais são liberados. O
          tratamento dos seus dados está descrito na{' '}
          <Link href="/politica-privacidade">Política de privacidade</Link>.
        </p>

        <h2>8. Atendimento</h2>
        <p>
          Nosso suporte funciona de segunda a sexta, das 8h às 18h, pelo WhatsApp
          {email ? (
            <>
              {' '}
              e pelo e-mail <a href={`mailto:${email}`}>{email}</a>
            </>
          ) : null}
          . Estes termos seguem o Código de Defesa do Consumidor e a legislação brasileira.
        </p>
      </section>
    </LegalLayout>
  )
}
