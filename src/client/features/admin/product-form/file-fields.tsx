import { NoteField } from '../../../ui/note-field'
import { toast } from '../../../ui/toast-store'
import { downloadAccept, downloadExtensions, imageAccept, isHeic } from './file-rules'
import { FileInput, ImagePreview } from './file-input'
import type { ProductFormValues } from './form-values'
import type { SetValue } from './product-fields'
import { HEIC_MESSAGE } from './validate'
import { MAX_FILE_MB, type ProductFormVariant } from './variants'

/** HEIC is refused the moment it is picked, with the way out (SPEC.md section 5). */
function refuseHeic(file: File): boolean {
  if (!isHeic(file)) return true
  toast({ ...HEIC_MESSAGE, variant: 'destructive', duration: 10_000 })
  return false
}

/** 'Avisar compradores': offered only when the files are being replaced. */
function NotifyBuyers({
  values,
  set,
  disabled,
}: {
  values: ProductFormValues
  set: SetValue
  disabled: boolean
}) {
  return (
    <div className="space-y-2 rounded-2xl bg-purple-50 p-3" data-testid="notify-buyers">
      <label className="flex items-start gap-2 text-sm font-semibold text-gray-800">
        <input
          type="checkbox"
          checked={values.notifyBuyers}
          onChange={(e) => set('notifyBuyers', e.target.checked)}
          disabled={disabled}
          className="mt-0.5 size-5 accent-purple-600"
        />
        <span>
          Avisar compradores
          <span className="block text-xs font-normal text-gray-600">
            Quem já comprou recebe um e-mail (e WhatsApp, se conectado) com a nova versão e os
            downloads renovados.
          </span>
        </span>
      </label>
      {values.notifyBuyers ? (
        <NoteField
          id="recado-atualizacao"
          label="O que mudou? (opcional, vai no aviso)"
          value={values.updateNote}
          onChange={(note) => set('updateNote', note)}
          rows={2}
          disabled={disabled}
        />
      ) : null}
    </div>
  )
}

export function FileFields({
  values,
  set,
  variant,
  currentImageUrl,
  disabled,
}: {
  values: ProductFormValues
  set: SetValue
  variant: ProductFormVariant
  /** When editing: the stored cover, shown until another is chosen. */
  currentImageUrl?: string
  disabled: boolean
}) {
  const editing = variant.id === 'edit'
  const types = downloadExtensions(variant).join(', ').toUpperCase()
  const imageMb = variant.maxImageBytes / 1024 / 1024
  const imageTypes =
    variant.imageTypes === 'strict' ? 'JPG, PNG, GIF ou WebP' : 'qualquer imagem (exceto HEIC)'
  return (
    <div className="space-y-5">
      <div>
        <FileInput
          id="arquivo-imagem"
          label="Imagem principal"
          hint={`${imageTypes}, até ${imageMb}MB${editing ? '. Deixe vazio para manter a atual.' : ''}`}
          accept={imageAccept(variant)}
          files={values.image ? [values.image] : []}
          onChange={(files) => set('image', files[0] ?? null)}
          onPick={refuseHeic}
          required={!editing}
          disabled={disabled}
        />
        {(variant.imagePreview || editing) && (
          <ImagePreview file={values.image} currentUrl={currentImageUrl} />
        )}
      </div>
      {variant.maxExtraImages > 0 && (
        <FileInput
          id="arquivo-imagens-extras"
          label="Imagens adicionais"
          hint={`Até ${variant.maxExtraImages}${editing ? '; substituem as atuais' : ''}.`}
          accept={imageAccept(variant)}
          multiple
          files={values.additionalImages}
          onChange={(files) => set('additionalImages', files)}
          onPick={refuseHeic}
          disabled={disabled}
        />
      )}
      <FileInput
        id="arquivo-download"
        label="Arquivo para download"
        hint={`${types}, até ${MAX_FILE_MB}MB${editing ? '. Deixe vazio para manter o atual.' : '. Opcional se houver link externo.'}`}
        accept={downloadAccept(variant)}
        files={values.downloadFile ? [values.downloadFile] : []}
        onChange={(files) => set('downloadFile', files[0] ?? null)}
        required={!editing}
        disabled={disabled}
      />
      {variant.maxExtraFiles > 0 && (
        <FileInput
          id="arquivo-extras"
          label="Arquivos adicionais"
          hint={`Até ${variant.maxExtraFiles} arquivos (${types}), até ${MAX_FILE_MB}MB cada${editing ? '; substituem os atuais' : ''}.`}
          accept={downloadAccept(variant)}
          multiple
          files={values.downloadFiles}
          onChange={(files) => set('downloadFiles', files)}
          disabled={disabled}
        />
      )}
      {editing && (values.downloadFile || values.downloadFiles.length > 0) ? (
        <NotifyBuyers values={values} set={set} disabled={disabled} />
      ) : null}
    </div>
  )
}
