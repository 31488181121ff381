import { useEffect, useRef } from 'react'
import { buttonClasses } from '../../../ui/button'
import { formatBytes } from './file-rules'

interface FileInputProps {
  id: string
  label: string
  hint: string
  accept: string
  files: File[]
  onChange: (files: File[]) => void
  /** Several picks add up (a phone picks one file at a time); max is checked on submit. */
  multiple?: boolean
  /** Refuses a file before it is kept (HEIC); returns false to drop it. */
  onPick?: (file: File) => boolean
  required?: boolean
  disabled?: boolean
}

/** A file picker that lists what was chosen, each with its size and a way to remove it. */
export function FileInput(props: FileInputProps) {
  const { id, label, hint, accept, files, onChange, multiple, onPick, required, disabled } = props
  return (
    <div>
      <p id={`${id}-rotulo`} className="text-sm font-semibold text-gray-800">
        {label}
        {required && <span className="text-red-600"> *</span>}
      </p>
      <p id={`${id}-ajuda`} className="text-xs text-gray-500">
        {hint}
      </p>
      <label
        className={buttonClasses(
          'secondary',
          'sm',
          'mt-2 cursor-pointer focus-within:outline-3 focus-within:outline-purple-500',
        )}
      >
        {files.length && !multiple
          ? 'Trocar arquivo'
          : multiple
            ? 'Adicionar arquivos'
            : 'Escolher arquivo'}
        <input
          id={id}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-label={label}
          aria-describedby={`${id}-ajuda`}
          className="sr-only"
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []).filter((f) => onPick?.(f) ?? true)
            // Cleared so that picking the same file again still counts.
            e.target.value = ''
            if (picked.length) onChange(multiple ? [...files, ...picked] : picked.slice(0, 1))
          }}
        />
      </label>
      {files.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm" aria-label={`${label}: escolhidos`}>
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex items-center justify-between gap-2 rounded-lg bg-gray-50 px-2 py-1"
            >
              <span className="min-w-0 truncate">
                {file.name} <span className="text-gray-500">({formatBytes(file.size)})</span>
              </span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                className="shrink-0 rounded px-2 text-red-700 hover:bg-red-50"
                aria-label={`Remover ${file.name}`}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The chosen cover, or the stored one when editing, shown before saving. */
export function ImagePreview({ file, currentUrl }: { file: File | null; currentUrl?: string }) {
  const img = useRef<HTMLImageElement>(null)
  useEffect(() => {
    if (!file || !img.current) return
    const objectUrl = URL.createObjectURL(file)
    img.current.src = objectUrl
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  if (!file && !currentUrl) return null
  return (
    <img
      ref={img}
      src={file ? undefined : currentUrl}
      alt={file ? 'Prévia da nova capa' : 'Capa atual'}
      data-testid="image-preview"
      className="mt-2 aspect-square w-32 rounded-xl bg-purple-50 object-cover ring-1 ring-purple-100"
    />
  )
}
