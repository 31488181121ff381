import { LegalLayout } from '../features/legal/legal-layout'
import { usePublicSetting } from '../features/settings/settings.queries'

export default function PrivacyPage() {
  const email = usePublicSetting('footer_email')
  const contact = email ? (
    <a href={`mailto:${email}`}>{email}</a>
  ) : (
    'os canais de contato informados no rodapé'
  )

  return (
    <LegalLayout title="Política de privacidade">
      <section id="politica">
        <p>
          Esta política explica quais dados pessoais coletamos, por que coletamos e como você pode
          exercer seus direitos, em conformidade com a Lei Geral de Proteção de Dados (Lei nº
          13.709/2018 — LGPD).
        </p>

        <h2>1. Dados que coletamos</h2>
        <ul>
          <li>
            <strong>Dados de cadastro e de compra:</strong> nome, sobrenome, e-mail e número de
            WhatsApp, informados por você no cadastro ou no checkout.
          </li>
          <li>
            <strong>CPF ou CNPJ:</strong> pedido no checkout só quando o intermediador do PIX o
            exige para gerar a cobrança; vai direto para ele junto com a cobrança e não fica
            guardado na loja.
          </li>
          <li>
            <strong>Dados da nota fiscal:</strong> se você marcar &quot;Quero nota fiscal&quot; no
            checkout, o CPF ou CNPJ informado (e, para CNPJ, a razão social) fica guardado só nesse
            pedido e é enviado ao emissor da nota fiscal de serviço (a prefeitura, por meio do nosso
            emissor). Pedidos sem nota não guardam documento. Esses dados aparecem na exportação dos
            seus dados; a nota emitida é guardada pela prefeitura pelo prazo da lei.
          </li>
          <li>
            <strong>Dados do pedido:</strong> produtos comprados, valores, data, situação do
            pagamento e quantidade de downloads realizados.
          </li>
          <li>
            <strong>Dados técnicos:</strong> identificador do carrinho guardado no seu navegador,
            cookie de sessão de login e registros de acesso (endereço IP, data e hora), mantidos por
            segurança e para cumprir o Marco Civil da Internet.
          </li>
        </ul>
        <p>
          Não recebemos nem guardamos dados bancários: o pagamento por PIX acontece inteiramente no
          aplicativo do seu banco.
        </p>

        <h2>2. Para que usamos seus dados</h2>
        <ul>
          <li>Processar pedidos, confirmar pagamentos e liberar seus downloads.</li>
          <li>Enviar avisos sobre o pedido por e-mail ou WhatsApp.</li>
          <li>Permitir que você recupere seus materiais pelo e-mail e WhatsApp da compra.</li>
          <li>Prestar suporte e responder às suas mensagens.</li>
          <li>Prevenir fraudes e proteger a loja contra acessos indevidos.</li>
        </ul>
        <p>
          As bases legais são a execução do contrato de compra, o cumprimento de obrigações legais e
          o nosso legítimo interesse em manter a loja segura. Não enviamos propaganda sem o seu
          consentimento.
        </p>

        <h2>3. Compartilhamento</h2>
        <p>
          Não vendemos seus dados. Eles são compartilhados apenas com prestadores necessários ao
          funcionamento da loja (hospedagem, processamento de pagamento e envio de mensagens), que
          ficam obrigados a protegê-los, e com autoridades quando houver exigência legal.
        </p>

        <h2>4. Cookies e armazenamento local</h2>
        <p>
          Usamos apenas o necessário: um cookie de sessão para manter você conectado e itens no
          armazenamento local do navegador para lembrar o seu carrinho e um pedido em andamento. Não
          usamos cookies de publicidade.
        </p>

        <h2>5. Por quanto tempo guardamos</h2>
        <ul>
          <li>
            <strong>Conta:</strong> enquanto ela existir. Ao excluí-la, nome, e-mail e WhatsApp são
            apagados na hora.
          </li>
          <li>
            <strong>Pedidos pagos:</strong> número, data, itens, valores e identificador do
            pagamento ficam pelo prazo da legislação fiscal (até 5 anos), porque são registros
            contábeis; se você pedir a exclusão, seu nome, e-mail e WhatsApp são retirados deles.
          </li>
          <li>
            <strong>Pedidos nunca pagos:</strong> depois de 90 dias perdem nome, e-mail, WhatsApp e
            as mensagens enviadas sobre eles, automaticamente.
          </li>
          <li>
            <strong>Endereço IP dos downloads:</strong> 6 meses, como exige o Marco Civil da
            Internet (art. 15); depois é apagado, e fica só a data do download.
          </li>
          <li>
            <strong>Códigos e links de acesso por e-mail:</strong> de 15 minutos a 30 dias, apagados
            depois de vencer.
          </li>
          <li>
            <strong>Registro de solicitações LGPD:</strong> guardamos a data, o tipo do pedido e uma
            impressão digital (hash) do e-mail, nunca o e-mail em si, para comprovar que atendemos.
          </li>
        </ul>

        <h2>6. Seus direitos e como exercê-los</h2>
        <ul>
          <li>
            <strong>Confirmação e acesso, portabilidade:</strong> em{' '}
            <a href="/dashboard">Minha conta → Meus dados</a>, o botão “Baixar meus dados” entrega
            um arquivo com tudo o que guardamos sobre você (cadastro, pedidos, compras, downloads,
            mensagens e sessões).
          </li>
          <li>
            <strong>Correção:</strong> na mesma tela você corrige nome, sobrenome e WhatsApp.
          </li>
          <li>
            <strong>Exclusão:</strong> “Excluir minha conta”, com a sua senha. A conta deixa de
            entrar, todas as sessões terminam e os downloads são encerrados.
          </li>
          <li>
            <strong>Comprou sem conta?</strong> Escreva para {contact} a partir do e-mail da compra:
            a loja envia seus dados ou os apaga da mesma forma.
          </li>
        </ul>
        <p>Respondemos a todas as solicitações em até 15 dias úteis.</p>

        <h2>7. Segurança</h2>
        <p>
          Senhas são guardadas de forma criptografada, a conexão com a loja é protegida por HTTPS e
          os links de download são pessoais e temporários.
        </p>

        <h2>8. Alterações</h2>
        <p>
          Podemos atualizar esta política. A data da última atualização aparece no topo da página.
        </p>
      </section>
    </LegalLayout>
  )
}
