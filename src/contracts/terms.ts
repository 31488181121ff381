/**
 * The store's terms of use, one text for the terms page and for the copy kept with each order
 * (Decreto 7.962/2013, art. 4º, IV: the buyer keeps the contract as she agreed to it). The
 * server versions the text it renders (`termsText`); a change of the text or of the values in
 * it is a new version, and past orders keep theirs.
 */
export interface TermsValues {
  maxDownloads: number
  linkMinutes: number
  email: string
}

export interface TermsSection {
  title: string
  paragraphs?: string[]
  items?: string[]
}

export const TERMS_INTRO =
  'Ao navegar e comprar nesta loja, você concorda com os termos abaixo. Leia com atenção; em caso de dúvida, fale com a gente antes de finalizar a compra.'

/** Days to give up a purchase (CDC art. 49). */
export const WITHDRAWAL_DAYS = 7

export function termsSections(v: TermsValues): TermsSection[] {
  return [
    {
      title: '1. Os produtos',
      paragraphs: [
        'Vendemos materiais pedagógicos digitais: arquivos para download (como PDF e ZIP) e, em alguns produtos, links para modelos editáveis no Canva. Nenhum produto é físico ou enviado pelo correio. As imagens da página do produto mostram o conteúdo do material.',
      ],
    },
    {
      title: '2. Compra e pagamento',
      items: [
        'Os preços são em reais (R$) e o pagamento é feito por PIX.',
        'O pedido é confirmado quando o pagamento é identificado.',
        'Um PIX pendente que não for pago pode ser cancelado automaticamente.',
      ],
    },
    {
      title: '3. Downloads',
      items: [
        `Cada compra dá direito a ${v.maxDownloads} downloads de cada material comprado.`,
        `Cada link de download vale por ${v.linkMinutes} minutos e pode ser reaberto nesse período sem consumir um novo download.`,
        'Recomendamos salvar o arquivo no computador, no celular ou na nuvem logo após baixar.',
      ],
    },
    {
      title: '4. Licença de uso',
      paragraphs: [
        'O material é licenciado para uso pessoal e em sala de aula: você pode imprimir quantas cópias precisar para os seus alunos. Não é permitido revender, distribuir, compartilhar os arquivos em grupos ou redes sociais, nem publicá-los na internet, no todo ou em parte. Os direitos autorais continuam com a loja e as autoras.',
      ],
    },
    {
      title: '5. Cancelamento e reembolso',
      items: [
        `Você pode desistir da compra e receber o reembolso integral em até ${WITHDRAWAL_DAYS} dias a partir do pagamento, desde que o material não tenha sido baixado.`,
        'Depois do primeiro download não há reembolso, pois o conteúdo digital já foi entregue, exceto em caso de erro técnico (arquivo corrompido, incompleto ou diferente do anunciado) que não possamos corrigir.',
        'O reembolso é devolvido por PIX para a conta que fez o pagamento.',
      ],
    },
    {
      title: '6. Produtos gratuitos',
      paragraphs: [
        'Materiais gratuitos seguem a mesma licença de uso e podem ser retirados da loja a qualquer momento.',
      ],
    },
    {
      title: '7. Conta e segurança',
      paragraphs: [
        'Você é responsável por manter sua senha em sigilo e por informar dados verdadeiros na compra, porque é por eles (e-mail e WhatsApp) que seus materiais são liberados. O tratamento dos seus dados está descrito na Política de privacidade.',
      ],
    },
    {
      title: '8. Atendimento',
      paragraphs: [
        `Nosso suporte funciona de segunda a sexta, das 8h às 18h, pelo WhatsApp${v.email ? ` e pelo e-mail ${v.email}` : ''}, e pelo Fale conosco, que responde em até 5 dias. Estes termos seguem o Código de Defesa do Consumidor e a legislação brasileira.`,
      ],
    },
  ]
}

/** The terms as plain text: what is versioned and e-mailed with the receipt. */
export function termsText(v: TermsValues): string {
  const blocks = [TERMS_INTRO]
  for (const s of termsSections(v)) {
    blocks.push(
      [s.title, ...(s.paragraphs ?? []), ...(s.items ?? []).map((i) => `- ${i}`)].join('\n'),
    )
  }
  return blocks.join('\n\n')
}
