import { token } from '../setting-types.js'
import { entry } from './entry.js'

/** Ad platforms: each one is off until its id (and, for the server's events, its token) is filled in. */
export const adsSettings = {
  // Ad platforms: each one is off until its id (and, for the server's events, its
  // token) is filled in. The ids are public: the browser's pixel needs them.
  meta_pixel_id: entry({
    category: 'ads',
    public: true,
    label: 'Meta (Facebook/Instagram): ID do Pixel',
    description: 'ID do Pixel da Meta: o navegador carrega o Pixel só depois do "Aceitar"',
    hint: 'só dígitos, no Gerenciador de Eventos da Meta; vazio: desligado',
    type: token(/^\d{5,20}$/, 'ID do Pixel inválido: só os dígitos do Gerenciador de Eventos'),
    default: '',
  }),
  meta_capi_token: entry({
    category: 'ads',
    secret: true,
    label: 'Meta: token da API de Conversões',
    description: 'Token da API de Conversões da Meta: cada venda paga é enviada pelo servidor',
    hint: 'Gerenciador de Eventos › Configurações › API de Conversões › Gerar token',
    type: token(/^[A-Za-z0-9_-]{20,1000}$/, 'Token inválido: copie o token inteiro da Meta'),
    default: '',
  }),
  ga4_measurement_id: entry({
    category: 'ads',
    public: true,
    label: 'Google Analytics 4: ID de métricas',
    description: 'ID de métricas do GA4 (G-XXXXXXX)',
    hint: 'Administrador › Fluxos de dados › ID de métricas (G-…); vazio: desligado',
    type: token(/^G-[A-Z0-9]{4,20}$/, 'ID inválido: use o ID de métricas, como G-ABC123XYZ'),
    default: '',
  }),
  ga4_api_secret: entry({
    category: 'ads',
    secret: true,
    label: 'Google Analytics 4: chave secret do Measurement Protocol',
    description: 'Chave secret do Measurement Protocol do GA4: compras e reembolsos pelo servidor',
    hint: 'Fluxos de dados › seu fluxo › Chaves secret da API Measurement Protocol',
    type: token(/^[A-Za-z0-9_-]{10,200}$/, 'Chave inválida: copie o valor da chave secret'),
    default: '',
  }),
  tiktok_pixel_id: entry({
    category: 'ads',
    public: true,
    label: 'TikTok: ID do Pixel',
    description: 'ID do Pixel do TikTok (código do pixel no Gerenciador de Eventos)',
    hint: 'letras maiúsculas e dígitos; vazio: desligado',
    type: token(/^[A-Z0-9]{10,40}$/, 'ID do Pixel inválido: copie o código do pixel do TikTok'),
    default: '',
  }),
  tiktok_access_token: entry({
    category: 'ads',
    secret: true,
    label: 'TikTok: token da Events API',
    description: 'Token de acesso da Events API do TikTok: cada venda paga é enviada pelo servidor',
    hint: 'Gerenciador de Eventos › seu pixel › Configurações › Gerar token de acesso',
    type: token(/^[A-Za-z0-9_-]{20,500}$/, 'Token inválido: copie o token inteiro do TikTok'),
    default: '',
  }),
}
