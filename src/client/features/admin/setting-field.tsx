import { useState } from 'react'
import { SETTINGS } from '../../../contracts/settings'
import { cn } from '../../lib/cn'
import type { AdminSetting } from '../../../contracts/admin'
import { useSaveSetting } from './admin.mutations'

// Secrets come back masked; sending the mask back would overwrite the real key with it.
const MASK = /[•*]{3,}/

export interface SettingFieldProps {
  settingKey: string
  label?: string
  /** The stored record, when the server has one. */
  setting?: AdminSetting
  type?: 'text' | 'url' | 'tel' | 'number' | 'email'
  multiline?: boolean
  hint?: string
  /** A warning about the value as typed (e.g. cut to fit the PIX standard), or null. */
  notice?: (value: string) => string | null
}

function definitionOf(key: string) {
  return SETTINGS.find((s) => s.key === key)
}

/** One setting, saved on blur when it changed (SPEC.md section 7): success or error toast. */
export function SettingField({
  settingKey,
  label,
  setting,
  type = 'text',
  multiline,
  hint,
  notice,
}: SettingFieldProps) {
  const definition = definitionOf(settingKey)
  const stored = setting?.value ?? ''
  const secret = (definition && 'isSecret' in definition) || MASK.test(stored)
  const initial = secret ? '' : stored
  const [draft, setDraft] = useState({ from: initial, value: initial })
  // A new value from the server (saved elsewhere, refetched) replaces an untouched draft.
  if (draft.from !== initial) setDraft({ from: initial, value: initial })
  const save = useSaveSetting()
  const id = `config-${settingKey}`
  const description = setting?.description ?? definition?.description ?? ''
  const category = setting?.category ?? definition?.category ?? 'footer'

  function onBlur() {
    const value = draft.value.trim()
    if (value === initial.trim() || (secret && !value)) return
    // A failed save keeps what was typed, so leaving the field again retries.
    save.mutate({ key: settingKey, value, description, category })
  }

  const inputClass = cn(
    'mt-1 block w-full rounded-xl border-2 border-purple-100 bg-white px-3 text-base',
    'focus:border-purple-500 focus:outline-none',
    multiline ? 'min-h-24 py-2' : 'h-11',
  )
  const common = {
    id,
    name: settingKey,
    value: draft.value,
    placeholder: secret ? stored || 'não definida' : undefined,
    'aria-describedby': `${id}-ajuda`,
    onChange: (e: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, value: e.target.value })),
    onBlur,
    className: inputClass,
  }

  return (
    <div data-testid={`setting-${settingKey}`}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label ?? description ?? settingKey}
        {save.isPending && <span className="ml-2 font-normal text-purple-600">salvando...</span>}
      </label>
      {multiline ? <textarea {...common} /> : <input type={type} {...common} />}
      <p id={`${id}-ajuda`} className="mt-1 text-xs text-gray-500">
        <code>{settingKey}</code>
        {hint ? ` · ${hint}` : ''}
        {secret ? ' · valor oculto; digite um novo para trocar' : ''}
      </p>
      {notice?.(draft.value) && (
        <p className="mt-1 text-sm font-semibold text-amber-700" role="status">
          {notice(draft.value)}
        </p>
      )}
    </div>
  )
}
