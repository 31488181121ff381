import { email, text, whatsapp } from '../setting-types.js'
import { entry, NUMBER_HINT } from './entry.js'

/** The footer: the store's description and its contacts. */
export const footerSettings = {
  footer_description: entry({
    category: 'footer',
    public: true,
    label: 'Texto do rodapé',
    description: 'Texto do rodapé',
    type: text(1000),
    // When the materials are released is the payment mode's to say: the footer adds it below.
    default: 'Materiais pedagógicos digitais feitos por professoras para professoras.',
  }),
  footer_whatsapp: entry({
    category: 'footer',
    public: true,
    label: 'WhatsApp do rodapé',
    description: 'WhatsApp exibido no rodapé',
    hint: NUMBER_HINT,
    type: whatsapp(),
    default: '5511999999999',
  }),
  footer_email: entry({
    category: 'footer',
    public: true,
    label: 'E-mail de contato',
    description: 'E-mail de contato',
    type: email(),
    default: 'contato@lojademateriais.com.br',
  }),
  footer_instagram: entry({
    category: 'footer',
    public: true,
    label: 'Instagram',
    description: 'Instagram (usuário ou URL)',
    hint: '@usuario ou endereço completo',
    type: text(200),
    default: 'lojademateriais',
  }),
  footer_cnpj: entry({
    category: 'footer',
    public: true,
    label: 'CNPJ',
    description: 'CNPJ exibido no rodapé',
    type: text(30),
    default: '',
  }),
  footer_address: entry({
    category: 'footer',
    public: true,
    label: 'Endereço',
    description: 'Endereço exibido no rodapé',
    type: text(300),
    default: '',
  }),
}
