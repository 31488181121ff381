import type { TextareaHTMLAttributes } from 'react'

interface NoteFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'value' | 'onChange'
> {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
}

/**
 * A short free text inside a dialog (a refund's reason, a refusal's note): its label and a box
 * of up to 500 characters, as the server takes them. A fragment, so the dialog spaces both.
 */
export function NoteField({ id, label, value, onChange, rows = 3, ...textarea }: NoteFieldProps) {
  return (
    <>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={500}
        rows={rows}
        onChange={(e) => onChange(e.target.value)}
        // 16 px text: phones zoom into smaller fields on focus.
        className="block w-full rounded-xl border-2 border-purple-100 bg-white p-3 text-base text-gray-900 focus:border-purple-500 focus:outline-none"
        {...textarea}
      />
    </>
  )
}
