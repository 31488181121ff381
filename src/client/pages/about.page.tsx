import { Link } from 'wouter'
import { LegalLayout } from '../features/legal/legal-layout'
import { usePublicSetting } from '../features/settings/settings.queries'
import { formatPhoneBR, whatsappLink } from '../lib/format'

export default function AboutPage() {
  const maxDownloads = usePublicSetting('max_downloads', '3')
  const linkMinutes = usePublicSetting('download_link_expiry', '30')
  const whatsapp = usePublicSetting('whatsapp_number')
  const email = usePublicSetting('footer_email')

  return (
    <LegalLayout title="Sobre nós">
      <section id="sobre">
        <p>
          Somos uma loja brasileira de materiais pedagógicos digitais, criada por professoras que
          conhecem de perto a rotina da sala de aula: o planejamento que invade o fim de semana, a
          busca por uma atividade diferente para aquela turma, o cartaz que precisa estar pronto
          amanhã cedo.
        </p>
        <p>
          Aqui você encontra atividades para imprimir, jogos e recursos lúdicos, planejamentos,
          relatórios de avaliação, cartazes, materiais de alfabetização, matemática, educação
          inclusiva e muito mais, da Educação Infantil aos anos iniciais do Ensino Fundamental,
          sempre pensando na BNCC.
        </p>
        <h2>Nosso jeito de trabalhar</h2>
        <ul>
          <li>Materiais testados em sala de aula antes de chegarem à loja.</li>
          <li>Arquivos em PDF de alta qualidade, prontos para imprimir em casa ou na escola.</li>
          <li>Alguns materiais também trazem modelos editáveis no Canva.</li>
          <li>Pagamento por PIX, simples e instantâneo, e download logo após a confirmação.</li>
          <li>Atendimento humano pelo WhatsApp, de segunda a sexta, das 8h às 18h.</li>
        </ul>
      </section>

      <section id="faq">
        <h2>Perguntas frequentes</h2>

        <h3>Como recebo o material depois de pagar?</h3>
        <p>
          Assim que o PIX é confirmado, o download fica disponível na própria página do pedido e no
          seu painel. Se você comprou sem criar conta, use o mesmo e-mail e WhatsApp informados na
          compra para encontrar seus materiais.
        </p>

        <h3>Quantas vezes posso baixar?</h3>
        <p>
          Cada compra dá direito a {maxDownloads} downloads. Cada link gerado vale por {linkMinutes}{' '}
          minutos e pode ser reaberto dentro desse prazo, então uma conexão que caiu no meio do
          caminho não gasta um novo download.
        </p>

        <h3>Quais formas de pagamento vocês aceitam?</h3>
        <p>
          O pagamento é feito por PIX: você copia o código ou lê o QR Code no aplicativo do seu
          banco. A confirmação costuma levar poucos segundos.
        </p>

        <h3>Os materiais são físicos?</h3>
        <p>
          Não. Todos os produtos são digitais: nada é enviado pelo correio. Você baixa o arquivo e
          imprime quantas cópias precisar para uso com seus alunos.
        </p>

        <h3>Posso compartilhar ou revender o material?</h3>
        <p>
          O material é para uso pessoal e em sala de aula. Não é permitido revender, repassar os
          arquivos ou publicá-los na internet. Veja os detalhes nos{' '}
          <Link href="/termos-uso">Termos de uso</Link>.
        </p>

        <h3>E se eu tiver algum problema com o arquivo?</h3>
        <p>
          Fale com a gente
          {whatsapp ? (
            <>
              {' '}
              pelo{' '}
              <a href={whatsappLink(whatsapp)} target="_blank" rel="noopener noreferrer">
                WhatsApp {formatPhoneBR(whatsapp)}
              </a>
            </>
          ) : (
            ' pelo WhatsApp'
          )}
          {email ? (
            <>
              {' '}
              ou pelo e-mail <a href={`mailto:${email}`}>{email}</a>
            </>
          ) : null}
          . Resolvemos qualquer erro técnico, e o reembolso segue o que está nos termos.
        </p>
      </section>
    </LegalLayout>
  )
}
