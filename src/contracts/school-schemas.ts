import { z } from 'zod'
import { ANOS, COMPONENTES, SCHOOL_MESSAGES, TAG_MESSAGES, TEMAS, TIPOS } from './school.js'

// The school vocabulary's checks, apart from its lists and labels (school.ts): the home page
// reads those, and zod is not in the home page's first load.

const ids = <T extends string>(list: readonly { id: T }[]) =>
  list.map((item) => item.id) as [T, ...T[]]

export const AnoIdSchema = z.enum(ids(ANOS), { error: SCHOOL_MESSAGES.ano })
export const ComponenteIdSchema = z.enum(ids(COMPONENTES), { error: SCHOOL_MESSAGES.componente })
export const TipoIdSchema = z.enum(ids(TIPOS), { error: TAG_MESSAGES.tipo })
export const TemaIdSchema = z.enum(ids(TEMAS), { error: TAG_MESSAGES.tema })
