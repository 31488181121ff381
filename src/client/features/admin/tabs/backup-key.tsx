import { useState } from 'react'
import type { BackupKeyAnswer } from '../../../../contracts/backup'
import { copyText } from '../../../lib/copy-text'
import { Button } from '../../../ui/button'
import { toast } from '../../../ui/toast-store'
import { revealBackupKey } from '../backup.api'

/**
 * The key the backups are signed with, masked until the owner asks for it: asked of the server
 * only then, and forgotten when hidden (docs/decisions/022-backup-and-restore.md). A restore on
 * another machine refuses a backup without it, so it goes with the off-site copies.
 */
export function BackupKey() {
  const [shown, setShown] = useState<BackupKeyAnswer | null>(null)
  const [loading, setLoading] = useState(false)
  const reveal = async () => {
    setLoading(true)
    try {
      setShown(await revealBackupKey())
    } catch {
      toast({ title: 'Não foi possível mostrar a chave', variant: 'destructive' })
    } finally {
      setLoading(false)
    }
  }
  const copy = async () => {
    if (!shown) return
    const ok = await copyText(shown.key)
    toast(
      ok
        ? { title: 'Chave copiada!', variant: 'success', duration: 2000 }
        : { title: 'Não foi possível copiar', description: shown.key, variant: 'destructive' },
    )
  }
  return (
    <section aria-labelledby="backup-chave" className="space-y-2">
      <h3 id="backup-chave" className="font-bold text-purple-900">
        Chave do backup
      </h3>
      <p>
        Cada backup sai assinado com a chave desta loja; a restauração recusa um arquivo alterado ou
        sem a assinatura. Guarde a chave junto das cópias, mas num lugar separado: sem ela, um
        backup não restaura em outro servidor.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="admin-backup-key"
          className="rounded bg-purple-50 px-2 py-1 font-mono text-[0.8125rem] break-all text-purple-900"
        >
          {shown ? shown.key : '•'.repeat(32)}
        </code>
        {shown ? (
          <>
            <Button variant="secondary" size="sm" onClick={copy}>
              Copiar
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setShown(null)}>
              Ocultar
            </Button>
          </>
        ) : (
          <Button variant="secondary" size="sm" onClick={reveal} disabled={loading}>
            Mostrar chave
          </Button>
        )}
      </div>
      {shown?.fromEnv && (
        <p className="text-gray-600">Esta chave vem da variável BACKUP_KEY do servidor.</p>
      )}
    </section>
  )
}
