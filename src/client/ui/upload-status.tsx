/** Reading files in the browser, sending them, then waiting while the server stores them. */
export type UploadStage = 'reading' | 'uploading' | 'saving'

const STAGE_LABELS: Record<UploadStage, string> = {
  reading: 'Preparando arquivos',
  uploading: 'Enviando',
  saving: 'Processando no servidor',
}

/** A progress bar for any upload, and the warning not to leave (SPEC.md section 4). */
export function UploadStatus({ stage, percent }: { stage: UploadStage; percent: number }) {
  const label = STAGE_LABELS[stage]
  return (
    <div role="status" className="rounded-2xl bg-purple-50 p-4 ring-1 ring-purple-200">
      <div className="flex items-center justify-between text-sm font-semibold text-purple-900">
        <span>{stage === 'saving' ? `${label}...` : label}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="upload-progress"
        className="mt-2 h-3 overflow-hidden rounded-full bg-white"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-pink-500 to-purple-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-amber-900">
        ⚠️ Não saia desta página nem bloqueie a tela até o envio terminar.
      </p>
    </div>
  )
}
