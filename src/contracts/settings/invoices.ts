import { z } from 'zod'
import { choice, flag, text, token, type SettingType } from '../setting-types.js'
import { entry } from './entry.js'

/** An ISS rate in percent, 0 to 5 (the law's bounds), with up to two decimals: '2', '2,5', '3.75'. */
function issRate(): SettingType<number> {
  const error = 'Alíquota inválida: use um percentual de 0 a 5, como 2 ou 2,5'
  return {
    kind: 'text',
    maxLength: 5,
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,2}([.,]\d{1,2})?$/, { error })
      .transform((v) => Number(v.replace(',', '.')))
      .pipe(z.number().min(0, { error }).max(5, { error })),
    read: (t) => {
      const n = Number(t)
      return Number.isFinite(n) && n >= 0 && n <= 5 ? n : undefined
    },
  }
}

/** The nota fiscal de serviço (NFS-e): who issues it, what it says, and when. */
export const invoicesSettings = {
  // The nota fiscal de serviço (NFS-e): who issues it, what it says, and when.
  nfse_provider: entry({
    category: 'invoices',
    label: 'Emissão de nota fiscal',
    description: 'Quem emite a NFS-e de cada pedido pago: off (ninguém), asaas ou focusnfe',
    hint: 'pela Asaas, com a mesma conta do PIX; ou pela Focus NFe, com o token abaixo',
    type: choice(
      ['off', 'asaas', 'focusnfe'],
      'Emissor inválido: use off (nenhum), asaas ou focusnfe',
      { off: 'Não emitir', asaas: 'Asaas', focusnfe: 'Focus NFe' },
    ),
    default: 'off',
  }),
  focusnfe_token: entry({
    category: 'invoices',
    secret: true,
    label: 'Token da Focus NFe',
    description: 'Token de acesso da Focus NFe (o da empresa emitente, no painel da Focus NFe)',
    hint: 'no painel da Focus NFe, na empresa emitente; fica guardado só no servidor',
    type: token(/^[A-Za-z0-9_-]{16,128}$/, 'Token inválido: copie o token inteiro da Focus NFe'),
    default: '',
  }),
  nfse_service_code: entry({
    category: 'invoices',
    label: 'Código do serviço municipal',
    description:
      'Código do serviço na prefeitura (item da lista da LC 116, ex.: 0802; na Asaas, o id do serviço municipal)',
    hint: 'o seu contador informa; ex.: 0802 (instrução, treinamento e orientação pedagógica)',
    type: text(30),
    default: '',
  }),
  nfse_service_description: entry({
    category: 'invoices',
    label: 'Descrição do serviço',
    description: 'Descrição do serviço na nota (os materiais do pedido vêm em seguida)',
    type: text(500),
    default: 'Materiais pedagógicos digitais',
  }),
  nfse_iss_rate: entry({
    category: 'invoices',
    label: 'Alíquota do ISS (%)',
    description: 'Alíquota do ISS em percentual (de 0 a 5)',
    hint: 'de 0 a 5; ex.: 2 ou 2,5',
    type: issRate(),
    default: 2,
  }),
  nfse_iss_withheld: entry({
    category: 'invoices',
    label: 'ISS retido pelo tomador',
    description: 'ISS retido pelo tomador (true sim, false não)',
    type: flag(),
    default: false,
  }),
  nfse_issue_on: entry({
    category: 'invoices',
    label: 'Quando emitir',
    description:
      'Quando emitir: paid (ao pagar) ou after_withdrawal (passados os 7 dias de arrependimento)',
    hint: 'depois dos 7 dias evita cancelar notas de quem desiste da compra',
    type: choice(
      ['after_withdrawal', 'paid'],
      'Use paid (ao pagar) ou after_withdrawal (depois dos 7 dias de arrependimento)',
      {
        after_withdrawal: 'Depois dos 7 dias de arrependimento',
        paid: 'Assim que o pedido é pago',
      },
    ),
    default: 'after_withdrawal',
  }),
  nfse_unidentified_buyer: entry({
    category: 'invoices',
    label: 'Nota sem CPF/CNPJ',
    description:
      'Emitir nota sem tomador identificado para quem não pediu nota (true, se a prefeitura permite; false, nenhuma nota)',
    hint: 'só se a sua prefeitura aceita nota sem CPF/CNPJ do tomador',
    type: flag(),
    default: false,
  }),
}
