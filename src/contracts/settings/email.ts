import { email, int, sender, smtp } from '../setting-types.js'
import { entry } from './entry.js'

/** E-mail: the sender, the transport and the owner's alerts. */
export const emailSettings = {
  abandoned_minutes: entry({
    category: 'email',
    label: 'Carrinho abandonado: e-mail após (minutos)',
    description:
      'Quanto tempo depois de digitar o e-mail no checkout, sem finalizar o pedido, o comprador que pediu novidades recebe um lembrete com os itens: um por carrinho, no máximo um por semana para cada e-mail',
    hint: 'Só para quem marcou "Quero receber novidades" e confirmou pelo e-mail; nunca se o pedido foi feito',
    type: int({ min: 15, max: 1440 }, (r) => `Use de ${r.min} a ${r.max} minutos`),
    default: 60,
  }),
  newsletter_per_minute: entry({
    category: 'email',
    label: 'Novidades: e-mails por minuto',
    description:
      'Quantos e-mails de novidades saem por minuto: um ritmo calmo evita que o provedor de e-mail trate a loja como spam',
    hint: 'Provedores comuns aceitam algumas centenas por hora; 60 por minuto é um bom começo',
    type: int({ min: 1, max: 1000 }, (r) => `Use de ${r.min} a ${r.max} e-mails por minuto`),
    default: 60,
  }),
  // The e-mail transport; SMTP_URL and MAIL_FROM in the environment win over these two.
  smtp_url: entry({
    category: 'email',
    secret: true,
    label: 'Servidor SMTP',
    description: 'Servidor SMTP (smtp://usuario:senha@servidor:587 ou smtps://...)',
    hint: 'smtp://usuario:senha@servidor:587 ou smtps://usuario:senha@servidor:465',
    type: smtp(),
    default: '',
  }),
  mail_from: entry({
    category: 'email',
    label: 'Remetente',
    description: 'Remetente dos e-mails (Loja <loja@exemplo.com.br>)',
    hint: 'Loja <loja@exemplo.com.br>; vazio: o nome da loja e o e-mail de contato',
    type: sender(),
    default: '',
  }),
  admin_email: entry({
    category: 'email',
    label: 'E-mail do administrador',
    description: 'E-mail do administrador: recebe uma cópia de cada pedido novo e pago',
    hint: 'recebe uma cópia de cada pedido novo e de cada pagamento; vazio: nenhuma cópia',
    type: email(),
    default: '',
  }),
}
