import { email, image, phone, requiredText, text, taxId } from '../setting-types.js'
import { DEFAULT_STORE_NAME } from '../store-name.js'
import { entry } from './entry.js'

/** The store's identity: one name used by every page, e-mail and message, and the seller's details the e-commerce decree (Decreto 7.962/2013, art. 2) asks every shop to show. */
export const identitySettings = {
  // The store's identity: one name used by every page, e-mail and message, and the
  // seller's details the e-commerce decree (Decreto 7.962/2013, art. 2) asks every shop to show.
  store_name: entry({
    category: 'identity',
    public: true,
    label: 'Nome da loja',
    description:
      'Nome da loja: no topo do site, nos títulos das páginas, nos e-mails e no WhatsApp',
    hint: 'aparece no topo do site, nos e-mails e nas mensagens',
    type: requiredText(80, 'Informe o nome da loja'),
    default: DEFAULT_STORE_NAME,
  }),
  // Set by POST /api/admin/store/logo (never typed): the logo's address, with its version.
  store_logo: entry({
    category: 'identity',
    public: true,
    label: 'Logo',
    description: 'Endereço do logo enviado (vazio: a maçã da loja)',
    type: image(),
    default: '',
  }),
  support_hours: entry({
    category: 'identity',
    public: true,
    label: 'Horário de atendimento',
    description: 'Horário de atendimento: no rodapé, na página do produto e nos termos',
    hint: 'como você diria à cliente: segunda a sexta, das 8h às 18h',
    type: text(120),
    default: 'segunda a sexta, das 8h às 18h',
  }),
  seller_name: entry({
    category: 'identity',
    public: true,
    label: 'Nome ou razão social de quem vende',
    description: 'Nome completo ou razão social do vendedor (Decreto 7.962/2013)',
    hint: 'a lei pede no site: seu nome completo ou a razão social da empresa',
    type: text(200),
    default: '',
  }),
  seller_document: entry({
    category: 'identity',
    public: true,
    label: 'CPF ou CNPJ',
    description: 'CPF ou CNPJ do vendedor (Decreto 7.962/2013)',
    hint: 'só os números ou com pontos e traço',
    type: taxId(),
    default: '',
  }),
  seller_address: entry({
    category: 'identity',
    public: true,
    label: 'Endereço',
    description: 'Endereço físico ou eletrônico do vendedor (Decreto 7.962/2013)',
    hint: 'rua, número, cidade e estado',
    type: text(300),
    default: '',
  }),
  seller_email: entry({
    category: 'identity',
    public: true,
    label: 'E-mail do vendedor',
    description: 'E-mail do vendedor (Decreto 7.962/2013)',
    hint: 'vazio: o e-mail de contato da loja',
    type: email(),
    default: '',
  }),
  seller_phone: entry({
    category: 'identity',
    public: true,
    label: 'Telefone do vendedor',
    description: 'Telefone do vendedor (Decreto 7.962/2013)',
    hint: 'vazio: o WhatsApp de suporte',
    type: phone(),
    default: '',
  }),
}
