import { useState } from 'react'
import { Button } from '../../ui/button'
import { UploadStatus } from '../../ui/upload-status'
import { probeUpload } from './diagnostics.api'

/** Sends chosen files to POST /api/test-upload (stored nowhere) and shows what came back. */
export function UploadProbe({ multiple }: { multiple?: boolean }) {
  const [files, setFiles] = useState<File[]>([])
  const [percent, setPercent] = useState<number | null>(null)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const id = multiple ? 'teste-multiplo' : 'teste-unico'

  async function run() {
    const form = new FormData()
    form.append('teste', multiple ? 'multiple' : 'single')
    for (const file of files) form.append(multiple ? 'files' : 'file', file)
    setResult(null)
    setPercent(0)
    const started = performance.now()
    try {
      const answer = await probeUpload(form, setPercent)
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      setResult({ ok: true, text: `OK em ${seconds} s\n${JSON.stringify(answer, null, 2)}` })
    } catch (error) {
      setResult({ ok: false, text: error instanceof Error ? error.message || 'Erro' : 'Erro' })
    } finally {
      setPercent(null)
    }
  }

  return (
    <div className="space-y-3">
      <label htmlFor={id} className="block text-sm font-semibold">
        {multiple ? 'Vários arquivos' : 'Um arquivo'}
      </label>
      <input
        id={id}
        type="file"
        multiple={multiple}
        onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
        className="block w-full text-sm"
      />
      <Button
        size="sm"
        disabled={files.length === 0 || percent !== null}
        onClick={() => void run()}
      >
        {percent !== null ? 'Enviando...' : 'Enviar teste'}
      </Button>
      {percent !== null && (
        <UploadStatus stage={percent >= 100 ? 'saving' : 'uploading'} percent={percent} />
      )}
      {result && (
        <pre
          role="status"
          className={`overflow-x-auto rounded-xl p-3 text-xs whitespace-pre-wrap ${result.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}
        >
          {result.text}
        </pre>
      )}
    </div>
  )
}
