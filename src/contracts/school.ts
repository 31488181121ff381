import { z } from 'zod'

/**
 * Who a material is for, in the store's own short ids: the years and components the BNCC codes
 * imply (modules/bncc/bncc-codes.ts), and the search of the skills is narrowed by.
 */

/** The EI age groups (`short`: their ages), the EF years and the EM séries, in school order. */
export const ANOS = [
  { id: 'ei-bebes', etapa: 'EI', label: 'Bebês', short: '0 a 1 ano e 6 meses' },
  {
    id: 'ei-bem-pequenas',
    etapa: 'EI',
    label: 'Crianças bem pequenas',
    short: '1 ano e 7 meses a 3 anos e 11 meses',
  },
  { id: 'ei-pequenas', etapa: 'EI', label: 'Crianças pequenas', short: '4 a 5 anos e 11 meses' },
  { id: '1', etapa: 'EF', label: '1º ano', short: '1º' },
  { id: '2', etapa: 'EF', label: '2º ano', short: '2º' },
  { id: '3', etapa: 'EF', label: '3º ano', short: '3º' },
  { id: '4', etapa: 'EF', label: '4º ano', short: '4º' },
  { id: '5', etapa: 'EF', label: '5º ano', short: '5º' },
  { id: '6', etapa: 'EF', label: '6º ano', short: '6º' },
  { id: '7', etapa: 'EF', label: '7º ano', short: '7º' },
  { id: '8', etapa: 'EF', label: '8º ano', short: '8º' },
  { id: '9', etapa: 'EF', label: '9º ano', short: '9º' },
  { id: 'em-1', etapa: 'EM', label: '1ª série', short: '1ª' },
  { id: 'em-2', etapa: 'EM', label: '2ª série', short: '2ª' },
  { id: 'em-3', etapa: 'EM', label: '3ª série', short: '3ª' },
] as const
export type AnoId = (typeof ANOS)[number]['id']

/**
 * EI campos de experiências (prefixed: the code's 'EF' campo is not Educação Física), EF
 * components as the codes spell them, and EM: its areas (the codes of EM13LGG…, EM13CNT…,
 * EM13CHS…), Língua Portuguesa and Matemática (EM13LP…, EM13MAT…) and the components the BNCC
 * gives no skills of their own, so a material can still say it is for Física.
 */
export const COMPONENTES = [
  { id: 'EI-EO', etapas: ['EI'], label: 'O eu, o outro e o nós' },
  { id: 'EI-CG', etapas: ['EI'], label: 'Corpo, gestos e movimentos' },
  { id: 'EI-TS', etapas: ['EI'], label: 'Traços, sons, cores e formas' },
  { id: 'EI-EF', etapas: ['EI'], label: 'Escuta, fala, pensamento e imaginação' },
  {
    id: 'EI-ET',
    etapas: ['EI'],
    label: 'Espaços, tempos, quantidades, relações e transformações',
  },
  { id: 'LP', etapas: ['EF', 'EM'], label: 'Língua Portuguesa' },
  { id: 'MA', etapas: ['EF', 'EM'], label: 'Matemática' },
  { id: 'CI', etapas: ['EF'], label: 'Ciências' },
  { id: 'HI', etapas: ['EF', 'EM'], label: 'História' },
  { id: 'GE', etapas: ['EF', 'EM'], label: 'Geografia' },
  { id: 'AR', etapas: ['EF', 'EM'], label: 'Arte' },
  { id: 'EF', etapas: ['EF', 'EM'], label: 'Educação Física' },
  { id: 'LI', etapas: ['EF', 'EM'], label: 'Língua Inglesa' },
  { id: 'ER', etapas: ['EF'], label: 'Ensino Religioso' },
  { id: 'LGG', etapas: ['EM'], label: 'Linguagens e suas Tecnologias' },
  { id: 'CNT', etapas: ['EM'], label: 'Ciências da Natureza e suas Tecnologias' },
  { id: 'CHS', etapas: ['EM'], label: 'Ciências Humanas e Sociais Aplicadas' },
  { id: 'BIO', etapas: ['EM'], label: 'Biologia' },
  { id: 'FIS', etapas: ['EM'], label: 'Física' },
  { id: 'QUI', etapas: ['EM'], label: 'Química' },
  { id: 'FIL', etapas: ['EM'], label: 'Filosofia' },
  { id: 'SOC', etapas: ['EM'], label: 'Sociologia' },
] as const
export type ComponenteId = (typeof COMPONENTES)[number]['id']

export const SCHOOL_MESSAGES = {
  ano: 'Ano escolar desconhecido',
  componente: 'Componente curricular desconhecido',
} as const

const ids = <T extends string>(list: readonly { id: T }[]) =>
  list.map((item) => item.id) as [T, ...T[]]

export const AnoIdSchema = z.enum(ids(ANOS), { error: SCHOOL_MESSAGES.ano })
export const ComponenteIdSchema = z.enum(ids(COMPONENTES), { error: SCHOOL_MESSAGES.componente })
