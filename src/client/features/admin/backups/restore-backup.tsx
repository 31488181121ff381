import { useId, useRef, useState } from 'react'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { useRestoreBackup } from './backups.api'

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  })

const inputClass =
  'mt-1 block w-full rounded-xl border-2 border-purple-100 bg-white px-3 text-base focus:border-purple-500 focus:outline-none'

/**
 * 'Restaurar um backup': the file and the key, a confirmation, then the upload with its
 * progress; the server checks the archive whole before the store goes into maintenance
 * (decision 022), so a refusal here means nothing changed, and says why under the form.
 */
export function RestoreBackup() {
  const id = useId()
  const picker = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [key, setKey] = useState('')
  const [asking, setAsking] = useState(false)
  const [sent, setSent] = useState<number | null>(null)
  const restore = useRestoreBackup(setSent)
  const ready = file !== null && key.trim() !== '' && !restore.isPending

  if (restore.isSuccess) {
    const r = restore.data
    return (
      <section aria-labelledby={`${id}-titulo`} className="space-y-2" data-testid="restore-done">
        <h3 id={`${id}-titulo`} className="font-bold text-purple-900">
          Backup restaurado
        </h3>
        <p role="status" className="rounded-xl bg-emerald-50 p-3 text-emerald-900">
          A loja voltou como estava no backup de {when(r.createdAt)}: {r.products}{' '}
          {r.products === 1 ? 'material' : 'materiais'}, {r.orders}{' '}
          {r.orders === 1 ? 'pedido' : 'pedidos'} e {r.files}{' '}
          {r.files === 1 ? 'arquivo' : 'arquivos'}.
        </p>
        <Button onClick={() => window.location.assign('/admin')}>Abrir o painel de novo</Button>
      </section>
    )
  }

  return (
    <section aria-labelledby={`${id}-titulo`} className="space-y-3" data-testid="restore-backup">
      <h3 id={`${id}-titulo`} className="font-bold text-purple-900">
        Restaurar um backup
      </h3>
      <p>
        Troca tudo o que está na loja agora (materiais, pedidos, clientes, configurações e arquivos)
        pelo conteúdo de um backup baixado aqui. A loja fica em manutenção enquanto isso, por alguns
        minutos.
      </p>
      <div>
        <p id={`${id}-arquivo-rotulo`} className="text-sm font-semibold text-gray-800">
          Arquivo do backup (loja-AAAA-MM-DD.tar.gz)
        </p>
        {/* The browser's own file button speaks its own language; this one speaks the store's. */}
        <input
          ref={picker}
          id={`${id}-arquivo`}
          type="file"
          accept=".gz,.tgz,application/gzip"
          data-testid="restore-file"
          aria-labelledby={`${id}-arquivo-rotulo`}
          className="sr-only"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" onClick={() => picker.current?.click()}>
            {file ? 'Trocar arquivo' : 'Escolher arquivo'}
          </Button>
          <span className="min-w-0 text-sm break-all text-gray-700" data-testid="restore-file-name">
            {file ? file.name : 'nenhum arquivo escolhido'}
          </span>
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-chave`} className="block text-sm font-semibold text-gray-800">
          Chave do backup
        </label>
        <input
          id={`${id}-chave`}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          aria-describedby={`${id}-chave-ajuda`}
          data-testid="restore-key"
          className={`${inputClass} h-11 font-mono`}
        />
        <p id={`${id}-chave-ajuda`} className="mt-1 text-xs text-gray-500">
          a chave desta loja está acima, em ‘Chave do backup’; um backup de outra instalação pede a
          chave dela
        </p>
      </div>
      {restore.isError && (
        <p
          role="alert"
          data-testid="restore-error"
          className="rounded-xl bg-red-50 p-3 font-semibold text-red-800"
        >
          {restore.error.message || 'A restauração não aconteceu. Tente de novo.'}
        </p>
      )}
      {restore.isPending && (
        <p role="status" className="font-semibold text-purple-800" data-testid="restore-progress">
          {sent !== null && sent < 100
            ? `Enviando o backup... ${sent}%`
            : 'Conferindo e restaurando: a loja está em manutenção...'}
        </p>
      )}
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        disabled={!ready}
        data-testid="restore-start"
        onClick={() => setAsking(true)}
      >
        Restaurar backup
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Restaurar este backup?"
        confirmLabel="Restaurar"
        onConfirm={() => {
          setAsking(false)
          restore.mutate({ file: file!, key })
        }}
      >
        <p>
          Tudo o que está na loja agora é trocado pelo conteúdo de{' '}
          <strong className="break-all">{file?.name}</strong>. Pedidos e cadastros feitos depois
          desse backup se perdem.
        </p>
        <p>
          Se quiser guardar a loja como está, baixe um backup de agora antes. Um arquivo danificado
          ou uma chave errada não mudam nada.
        </p>
      </ConfirmDialog>
    </section>
  )
}
