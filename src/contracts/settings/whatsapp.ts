import { text, url, whatsapp } from '../setting-types.js'
import { entry, NUMBER_HINT } from './entry.js'

/** WhatsApp: the store's number and the Evolution API that sends its messages. */
export const whatsappSettings = {
  whatsapp_number: entry({
    category: 'whatsapp',
    public: true,
    label: 'WhatsApp de suporte',
    description: 'WhatsApp de suporte',
    hint: NUMBER_HINT,
    type: whatsapp(),
    default: '5511999999999',
  }),
  evolution_api_url: entry({
    category: 'whatsapp',
    label: 'URL da Evolution API',
    description: 'URL da Evolution API',
    type: url(),
    default: '',
  }),
  evolution_api_key: entry({
    category: 'whatsapp',
    secret: true,
    label: 'Chave da Evolution API',
    description: 'Chave da Evolution API',
    type: text(500),
    default: '',
  }),
  evolution_instance_name: entry({
    category: 'whatsapp',
    label: 'Instância da Evolution API',
    description: 'Instância da Evolution API',
    type: text(200),
    default: '',
  }),
  admin_whatsapp: entry({
    category: 'whatsapp',
    label: 'WhatsApp do administrador',
    description: 'WhatsApp do administrador para avisos',
    hint: NUMBER_HINT,
    type: whatsapp(),
    default: '',
  }),
}
