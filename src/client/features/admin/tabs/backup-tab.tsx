import * as adminRoutes from '../../../../contracts/api-routes/admin.routes'
import { path } from '../../../lib/api'
import { buttonClasses } from '../../../ui/button'
import { Panel } from '../../../ui/panel'
import { RestoreBackup } from '../backups/restore-backup'
import { ScheduledBackups } from '../backups/scheduled-backups'
import { BackupKey } from './backup-key'

const code = 'rounded bg-purple-50 px-1 py-0.5 font-mono text-[0.8125rem] break-all text-purple-900'

/**
 * The archive `npm run backup` writes, taken by the running store (on PGlite only it can read
 * the database). A plain link: the browser saves the stream to disk as it arrives, nothing is
 * held in this page (docs/decisions/022-backup-and-restore.md).
 */
export function BackupTab() {
  return (
    <Panel title="Backup">
      <div className="space-y-4 text-sm text-gray-700">
        <p>
          Baixe uma cópia completa da loja num único arquivo <code className={code}>.tar.gz</code>.
          Guarde-a fora deste servidor (no seu computador ou num serviço de nuvem).
        </p>
        <a
          href={path(adminRoutes.backup)}
          download
          data-testid="admin-backup-download"
          className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
        >
          Baixar backup agora
        </a>

        <ScheduledBackups />

        <BackupKey />

        <section aria-labelledby="backup-conteudo" className="space-y-2">
          <h3 id="backup-conteudo" className="font-bold text-purple-900">
            O que vai dentro
          </h3>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              O banco de dados inteiro, num só instante: produtos, pedidos, compras (com os
              downloads já feitos), clientes e suas senhas (cifradas), cupons e configurações.
            </li>
            <li>
              Todos os arquivos enviados (materiais e imagens), com o tamanho e o código SHA-256 de
              cada um, conferidos na restauração.
            </li>
            <li>
              Se os arquivos ficam num bucket S3, o backup traz o banco e a lista dos arquivos
              (nome, tamanho e SHA-256); os arquivos continuam no bucket.
            </li>
          </ul>
          <p className="text-gray-600">
            Numa loja grande o download demora: ele começa na hora e segue enquanto os arquivos são
            lidos. O arquivo tem dados pessoais dos clientes: guarde-o em lugar seguro.
          </p>
        </section>

        <RestoreBackup />

        <section aria-labelledby="backup-restaurar" className="space-y-2">
          <h3 id="backup-restaurar" className="font-bold text-purple-900">
            Restaurar em outro servidor
          </h3>
          <ol className="list-decimal space-y-1 pl-5">
            <li>Num servidor com a loja instalada, pare a loja.</li>
            <li>
              Aponte <code className={code}>DATA_DIR</code> para uma pasta vazia (ou{' '}
              <code className={code}>DATABASE_URL</code> para um banco PostgreSQL vazio).
            </li>
            <li>
              Rode{' '}
              <code className={code}>
                npm run restore -- loja-AAAA-MM-DD.tar.gz --chave SUA_CHAVE
              </code>{' '}
              (a chave acima) e depois inicie a loja. Vale para qualquer cópia da lista acima.
            </li>
          </ol>
          <p className="text-gray-600">
            Para ensaiar sem mexer na loja:{' '}
            <code className={code}>npm run backup:verify -- loja-AAAA-MM-DD.tar.gz</code> restaura o
            arquivo num banco descartável e compara as linhas de cada tabela.
          </p>
          <p className="text-gray-600">
            As duas restaurações recusam um arquivo corrompido, alterado ou assinado com outra
            chave, sem mudar nada. Um backup feito no PGlite restaura no PostgreSQL e vice-versa: é
            assim que a loja muda de banco quando cresce.
          </p>
        </section>
      </div>
    </Panel>
  )
}
