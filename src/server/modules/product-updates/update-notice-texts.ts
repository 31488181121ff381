import type { MessagingService } from '../messaging/messaging.service.js'

type MailContent = Parameters<MessagingService['mail']['compose']>[0]

/** 'Material atualizado: {nome}': the e-mail of a new version, the same for every buyer. */
export function updateMail(name: string, note: string, downloads: string): MailContent {
  return {
    subject: `Material atualizado: ${name}`,
    preview: 'Uma nova versão já está disponível para você baixar',
    greeting: 'Olá!',
    paragraphs: [
      `O material "${name}", que você comprou, ganhou uma nova versão.`,
      ...(note ? [`O que mudou: ${note}`] : []),
      `Seus downloads foram renovados (${downloads}): é só entrar em Meus materiais e baixar de novo.`,
    ],
    button: { label: 'Baixar a nova versão', path: '/meus-materiais' },
    note: 'Comprou sem conta? Em Meus materiais, informe o e-mail da compra e o código que enviamos.',
  }
}

/** The same news by WhatsApp, when the store's WhatsApp is connected. */
export function updateWhatsapp(name: string, note: string, link: string): string {
  return [
    `📚 *Material atualizado: ${name}*`,
    '',
    'Uma nova versão do material que você comprou já está disponível, com seus downloads renovados.',
    ...(note ? ['', `O que mudou: ${note}`] : []),
    '',
    `Baixe em: ${link}`,
  ].join('\n')
}
