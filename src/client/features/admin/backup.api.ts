import * as adminRoutes from '../../../contracts/api-routes/admin.routes'
import { call } from '../../lib/api'

/** The backups' signing key, fetched only when the owner asks to see it (decision 022). */
export const revealBackupKey = () => call(adminRoutes.backupKey)
