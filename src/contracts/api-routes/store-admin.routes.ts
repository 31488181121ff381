import type { ChecklistAnswer, DemoRemoveBody, DemoRemoved, LogoAnswer } from '../store'
import { route } from '../api-route'

// The owner's first hour: the 'Antes de vender' checklist, the demo's removal, the logo.
export const checklist = route<typeof ChecklistAnswer>()('GET', '/api/admin/checklist')
export const removeDemo = route<typeof DemoRemoved, DemoRemoveBody>()(
  'POST',
  '/api/admin/demo/remove',
)
/** Multipart, field `logo`: sent with sendWithProgress, not `call`. */
export const uploadLogo = route<typeof LogoAnswer>()('POST', '/api/admin/store/logo')
export const deleteLogo = route()('DELETE', '/api/admin/store/logo')
