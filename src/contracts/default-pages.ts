/**
 * The About, Terms and Privacy pages' texts as the store ships them: the defaults of the
 * `page_about`, `page_terms` and `page_privacy` settings, which the owner edits in the admin.
 *
 * They are plain text, read by `parsePageText` (page-text.ts): a blank line starts a new
 * paragraph, a line starting with `# ` is a heading (`## ` a smaller one), lines starting with
 * `- ` make a list, and http(s) addresses and e-mails become links. The words in braces are
 * the store's current values, filled in when shown (PAGE_PLACEHOLDERS).
 */

export const DEFAULT_PAGE_ABOUT = `Somos uma loja brasileira de materiais pedagógicos digitais, criada por professoras que conhecem de perto a rotina da sala de aula: o planejamento que invade o fim de semana, a busca por uma atividade diferente para aquela turma, o cartaz que precisa estar pronto amanhã cedo.

Aqui você encontra atividades para imprimir, jogos e recursos lúdicos, planejamentos, relatórios de avaliação, cartazes, materiais de alfabetização, matemática, educação inclusiva e muito mais, da Educação Infantil aos anos iniciais do Ensino Fundamental, sempre pensando na BNCC.

# Nosso jeito de trabalhar

- Materiais testados em sala de aula antes de chegarem à loja.
- Arquivos em PDF de alta qualidade, prontos para imprimir em casa ou na escola.
- Alguns materiais também trazem modelos editáveis no Canva.
- Pagamento por PIX, simples e instantâneo, e download logo após a confirmação.
- Atendimento humano pelo WhatsApp: {horario}.

# Perguntas frequentes

## Como recebo o material depois de pagar?

Assim que o PIX é confirmado, o download fica disponível na própria página do pedido e no seu painel. Se você comprou sem criar conta, use o mesmo e-mail e WhatsApp informados na compra para encontrar seus materiais.

## Quantas vezes posso baixar?

Cada compra dá direito a {downloads} downloads. Cada link gerado vale por {minutos_link} minutos e pode ser reaberto dentro desse prazo, então uma conexão que caiu no meio do caminho não gasta um novo download.

## Quais formas de pagamento vocês aceitam?

O pagamento é feito por PIX: você copia o código ou lê o QR Code no aplicativo do seu banco. {liberacao}

## Os materiais são físicos?

Não. Todos os produtos são digitais: nada é enviado pelo correio. Você baixa o arquivo e imprime quantas cópias precisar para uso com seus alunos.

## Posso compartilhar ou revender o material?

O material é para uso pessoal e em sala de aula. Não é permitido revender, repassar os arquivos ou publicá-los na internet. Veja os detalhes nos Termos de uso.

## E se eu tiver algum problema com o arquivo?

Fale com a gente pelo WhatsApp {whatsapp} ou pelo e-mail {email}. Resolvemos qualquer erro técnico, e o reembolso segue o que está nos termos.`

export const DEFAULT_PAGE_TERMS = `Ao navegar e comprar nesta loja, você concorda com os termos abaixo. Leia com atenção; em caso de dúvida, fale com a gente antes de finalizar a compra.

# 1. Os produtos

Vendemos materiais pedagógicos digitais: arquivos para download (como PDF e ZIP) e, em alguns produtos, links para modelos editáveis no Canva. Nenhum produto é físico ou enviado pelo correio. As imagens da página do produto mostram o conteúdo do material.

# 2. Compra e pagamento

- Os preços são em reais (R$) e o pagamento é feito por PIX.
- O pedido é confirmado quando o pagamento é identificado.
- Um PIX pendente que não for pago pode ser cancelado automaticamente.

# 3. Downloads

- Cada compra dá direito a {downloads} downloads de cada material comprado.
- Cada link de download vale por {minutos_link} minutos e pode ser reaberto nesse período sem consumir um novo download.
- Recomendamos salvar o arquivo no computador, no celular ou na nuvem logo após baixar.

# 4. Licença de uso

O material é licenciado para uso pessoal e em sala de aula: você pode imprimir quantas cópias precisar para os seus alunos. Não é permitido revender, distribuir, compartilhar os arquivos em grupos ou redes sociais, nem publicá-los na internet, no todo ou em parte. Os direitos autorais continuam com a loja e as autoras.

# 5. Cancelamento e reembolso

- Você pode desistir da compra e receber o reembolso integral em até 7 dias a partir do pagamento, desde que o material não tenha sido baixado.
- Depois do primeiro download não há reembolso, pois o conteúdo digital já foi entregue, exceto em caso de erro técnico (arquivo corrompido, incompleto ou diferente do anunciado) que não possamos corrigir.
- O reembolso é devolvido por PIX para a conta que fez o pagamento.

# 6. Produtos gratuitos

Materiais gratuitos seguem a mesma licença de uso e podem ser retirados da loja a qualquer momento.

# 7. Conta e segurança

Você é responsável por manter sua senha em sigilo e por informar dados verdadeiros na compra, porque é por eles (e-mail e WhatsApp) que seus materiais são liberados. O tratamento dos seus dados está descrito na Política de privacidade.

# 8. Atendimento

Nosso suporte funciona {horario}, pelo WhatsApp {whatsapp} e pelo e-mail {email}. Estes termos seguem o Código de Defesa do Consumidor e a legislação brasileira.`

export const DEFAULT_PAGE_PRIVACY = `Esta política explica quais dados pessoais coletamos, por que coletamos e como você pode exercer seus direitos, em conformidade com a Lei Geral de Proteção de Dados (Lei nº 13.709/2018 — LGPD).

# 1. Dados que coletamos

- Dados de cadastro e de compra: nome, sobrenome, e-mail e número de WhatsApp, informados por você no cadastro ou no checkout.
- CPF ou CNPJ: pedido no checkout só quando o intermediador do PIX o exige para gerar a cobrança; vai direto para ele junto com a cobrança e não fica guardado na loja.
- Dados da nota fiscal: se você marcar "Quero nota fiscal" no checkout, o CPF ou CNPJ informado (e, para CNPJ, a razão social) fica guardado só nesse pedido e é enviado ao emissor da nota fiscal de serviço. Pedidos sem nota não guardam documento. Esses dados aparecem na exportação dos seus dados; a nota emitida é guardada pela prefeitura pelo prazo da lei.
- Dados do pedido: produtos comprados, valores, data, situação do pagamento e quantidade de downloads realizados.
- Novidades por e-mail: se você marcar "Quero receber novidades e promoções por e-mail" (a caixa vem sempre desmarcada) no checkout, no cadastro ou no rodapé da loja, guardamos o seu e-mail, onde e quando você marcou a caixa e, depois, quando confirmou e quando cancelou a inscrição. Antes de tudo enviamos um e-mail de confirmação: sem tocar no link dele, você não recebe novidades.
- Compra deixada pela metade: se você compra sem conta, marca a caixa de novidades, digita o seu e-mail no checkout e sai sem finalizar, guardamos esse e-mail e os materiais escolhidos para enviar um único lembrete, com um link que devolve os materiais ao carrinho. Sem a caixa marcada nada é guardado; desmarcá-la apaga o que foi guardado; se um pedido com esse e-mail for feito, o lembrete não é enviado.
- Avaliações: quando você avalia um material comprado, guardamos a nota, o texto, o e-mail da compra e o nome já reduzido ao primeiro nome e à inicial do sobrenome (por exemplo, "Ana P."); o nome completo não é guardado na avaliação.
- Favoritos: os materiais que você marca com o coração. Sem conta, a lista fica só no seu navegador; com conta, guardamos na loja quais materiais e quando você os marcou, para mostrá-los em qualquer aparelho. Se você compartilhar a lista, guardamos o link (que não leva seu nome nem seu e-mail) até você parar de compartilhar. Se você confirmou o recebimento de novidades, avisamos por e-mail quando um favorito fica mais barato ou quando um cupom da loja vale para ele, e guardamos de quais cupons já avisamos. Tudo isso aparece na exportação dos seus dados e é apagado com a sua conta.
- Fale conosco: o nome, o e-mail, o número do pedido (se você informar) e a mensagem enviados pelo formulário, com o número de protocolo e a data.
- Dados técnicos: identificador do carrinho guardado no seu navegador, cookie de sessão de login e registros de acesso (endereço IP, data e hora), mantidos por segurança e para cumprir o Marco Civil da Internet.

Não recebemos nem guardamos dados bancários: o pagamento por PIX acontece inteiramente no aplicativo do seu banco.

# 2. Para que usamos seus dados

- Processar pedidos, confirmar pagamentos e liberar seus downloads.
- Enviar avisos sobre o pedido por e-mail ou WhatsApp.
- Permitir que você recupere seus materiais pelo e-mail e WhatsApp da compra.
- Prestar suporte e responder às suas mensagens, inclusive as do Fale conosco.
- Pedir, uma única vez por compra e alguns dias depois do primeiro download, a sua avaliação do material, e publicar as avaliações aprovadas pela loja.
- Enviar novidades e promoções e o lembrete da compra deixada pela metade, só a quem marcou a caixa de novidades.
- Prevenir fraudes e proteger a loja contra acessos indevidos.

As bases legais são a execução do contrato de compra, o cumprimento de obrigações legais e o nosso legítimo interesse em manter a loja segura. Não enviamos propaganda sem o seu consentimento: as novidades e o lembrete da compra têm como base o consentimento que você deu ao marcar a caixa, e você pode retirá-lo quando quiser.

# 3. Compartilhamento

Não vendemos seus dados. Eles são compartilhados apenas com prestadores necessários ao funcionamento da loja (hospedagem, processamento de pagamento e envio de mensagens), que ficam obrigados a protegê-los, e com autoridades quando houver exigência legal.

Avaliações aprovadas pela loja aparecem para todos na página do material: a nota, o texto, o primeiro nome com a inicial do sobrenome e a resposta da loja, se houver. O seu e-mail nunca aparece. A avaliação deixa de aparecer se a compra for reembolsada ou cancelada.

Se a loja usar anúncios (Meta, Google, TikTok), ela informa à plataforma cada compra paga (número do pedido, valor e materiais) e, no Google, também um reembolso, para medir os anúncios. Só se você tiver tocado em "Aceitar" no aviso de cookies vão junto dados para a plataforma reconhecer você: o seu e-mail e, para Meta e TikTok, o seu WhatsApp, transformados em código (hash), e o endereço IP, o navegador e os identificadores do clique no anúncio usados na compra. Sem aceitar, vão só o número, o valor e os materiais do pedido.

# 4. Cookies e armazenamento local

Por padrão, usamos só o necessário: um cookie de sessão para manter você conectado e itens no armazenamento local do navegador para lembrar o seu carrinho, um pedido em andamento e, por 30 dias, de onde você chegou: a campanha, o identificador do clique no anúncio ou o site que trouxe você, e a primeira página visitada (para sabermos de onde vêm as vendas). Isso fica só no seu navegador até você fazer um pedido; aí é guardado no pedido, junto com os registros dele. Se você aceitou os cookies de anúncios, o pedido guarda também o endereço IP, o navegador e os identificadores de anúncio usados na compra, apagados com os seus outros dados se você pedir a exclusão. Cookies de anúncios (Meta, Google, TikTok) só são carregados se a loja usar esses anúncios e você tocar em "Aceitar" no aviso de cookies; você muda a escolha quando quiser em "Cookies e anúncios", no rodapé.

# 5. Por quanto tempo guardamos

- Conta: enquanto ela existir. Ao excluí-la, nome, e-mail e WhatsApp são apagados na hora.
- Pedidos pagos: número, data, itens, valores e identificador do pagamento ficam pelo prazo da legislação fiscal (até 5 anos), porque são registros contábeis; se você pedir a exclusão, seu nome, e-mail e WhatsApp são retirados deles.
- Pedidos nunca pagos: depois de 90 dias perdem nome, e-mail, WhatsApp e as mensagens enviadas sobre eles, automaticamente.
- Novidades por e-mail: enquanto a inscrição estiver ativa. Ao cancelar, paramos na hora de enviar e guardamos só o registro de quando você deu e retirou o consentimento, para comprovar; se você pedir a exclusão, ele também é apagado.
- Compra deixada pela metade: o e-mail e os materiais são apagados em até 7 dias, tenha o lembrete sido enviado ou não. Um pedido de exclusão feito pela conta com o e-mail confirmado, ou escrevendo para {email}, apaga esses dados na hora.
- Fale conosco: depois de 90 dias, o nome, o e-mail, o número do pedido e a mensagem são apagados automaticamente; ficam só o protocolo e a data, para a loja comprovar que recebeu o pedido. Um pedido de exclusão feito pela conta com o e-mail confirmado, ou escrevendo para {email}, apaga esses dados na hora, da mesma forma.
- Avaliações: ficam enquanto o material estiver na loja. Se você pedir a exclusão dos seus dados, as suas avaliações são apagadas na hora: saem da página do material e deixam de contar na nota dele. Para tirar do ar só uma avaliação, sem excluir os seus dados, escreva para {email}.
- Endereço IP dos downloads: 6 meses, como exige o Marco Civil da Internet (art. 15); depois é apagado, e fica só a data do download.
- Códigos e links de acesso por e-mail: de 15 minutos a 30 dias, apagados depois de vencer.
- Registro de solicitações LGPD: guardamos a data, o tipo do pedido e uma impressão digital (hash) do e-mail, nunca o e-mail em si, para comprovar que atendemos.

# 6. Seus direitos e como exercê-los

- Confirmação e acesso, portabilidade: em Minha conta → Meus dados, o botão “Baixar meus dados” entrega um arquivo com os seus dados (cadastro, pedidos, compras, downloads, mensagens, sessões, cupons usados, pedidos de reembolso, a inscrição nas novidades, as suas avaliações e, com o e-mail confirmado, os pedidos do Fale conosco e a compra deixada pela metade).
- Correção: na mesma tela você corrige nome, sobrenome e WhatsApp.
- Exclusão: “Excluir minha conta”, com a sua senha. A conta deixa de entrar, todas as sessões terminam, os downloads são encerrados e as suas avaliações são apagadas.
- Novidades: cada e-mail de novidades traz o link “Cancelar inscrição”, que vale na hora e sem login.
- Comprou sem conta? Escreva para {email} a partir do e-mail da compra: a loja envia seus dados ou os apaga da mesma forma.

Respondemos a todas as solicitações em até 15 dias úteis.

# 7. Segurança

Senhas são guardadas de forma criptografada, a conexão com a loja é protegida por HTTPS e os links de download são pessoais e temporários.

# 8. Alterações

Podemos atualizar esta política. A data da última atualização aparece no topo da página.`

/** The words in braces a page may use, and what each stands for (shown under the textareas). */
export const PAGE_PLACEHOLDERS = {
  loja: 'o nome da loja',
  horario: 'o horário de atendimento',
  email: 'o e-mail de contato',
  whatsapp: 'o WhatsApp de suporte',
  downloads: 'os downloads por compra',
  minutos_link: 'a validade do link de download',
  liberacao: 'quando os materiais são liberados depois do PIX',
} as const

export type PagePlaceholder = keyof typeof PAGE_PLACEHOLDERS

export const PAGE_TEXT_MAX = 20_000
