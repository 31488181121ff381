import { useState } from 'react'
import { FormFrame } from '../features/admin/product-form/form-frame'
import { RequireAdmin } from '../features/auth/require-admin'
import { pingServer } from '../features/diagnostics/diagnostics.api'
import { UploadProbe } from '../features/diagnostics/upload-probe'
import { Button } from '../ui/button'

function ConnectionTest() {
  const [result, setResult] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function run() {
    setBusy(true)
    try {
      const { ok, status, ms } = await pingServer()
      setResult(`${ok ? '✅ Conectado' : `❌ Erro ${status}`} (${ms} ms)`)
    } catch {
      setResult('❌ Sem conexão com o servidor')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="space-y-2">
      <Button size="sm" disabled={busy} onClick={() => void run()}>
        {busy ? 'Testando...' : 'Testar conexão'}
      </Button>
      {result && <p role="status">{result}</p>}
    </div>
  )
}

/** /teste-upload: is the server reachable, and do single and multiple uploads get through? */
export default function UploadTestPage() {
  return (
    <RequireAdmin>
      <FormFrame
        title="Teste de upload"
        intro="Nada enviado aqui é guardado."
        back="/acesso-cadastro"
      >
        <div className="space-y-6">
          <section>
            <h2 className="mb-2 font-bold text-purple-900">1. Conexão</h2>
            <ConnectionTest />
          </section>
          <section>
            <h2 className="mb-2 font-bold text-purple-900">2. Upload de um arquivo</h2>
            <UploadProbe />
          </section>
          <section>
            <h2 className="mb-2 font-bold text-purple-900">3. Upload múltiplo</h2>
            <UploadProbe multiple />
          </section>
        </div>
      </FormFrame>
    </RequireAdmin>
  )
}
