import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import { z } from 'zod'
import { SettingBody, type AdminSetting } from '../../../contracts/admin'
import { SETTINGS } from '../../../contracts/settings'
import { cn } from '../../lib/cn'
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

// The contract's rule for a value (SettingBody), checked before it leaves; the server checks
// each key's own format and its refusal shows under the field.
const resolver = zodResolver(z.object({ value: SettingBody.shape.value }), undefined, {
  raw: true,
}) as Resolver<{ value: string }>

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
  const { register, handleSubmit, control, reset, setError, formState } = useForm({
    defaultValues: { value: initial },
    resolver,
  })
  // A new value from the server (saved elsewhere, refetched) replaces the draft.
  useEffect(() => reset({ value: initial }), [initial, reset])
  const typed = useWatch({ control, name: 'value' })
  const error = formState.errors.value?.message
  const save = useSaveSetting()
  const id = `config-${settingKey}`
  const description = setting?.description ?? definition?.description ?? ''
  const category = setting?.category ?? definition?.category ?? 'footer'

  const onBlur = handleSubmit(({ value: raw }) => {
    const value = raw.trim()
    if (value === initial.trim() || (secret && !value)) return
    // A failed save keeps what was typed, so leaving the field again retries.
    save.mutate(
      { key: settingKey, value, description, category },
      { onError: (err) => setError('value', { type: 'server', message: err.message }) },
    )
  })

  const inputClass = cn(
    'mt-1 block w-full rounded-xl border-2 border-purple-100 bg-white px-3 text-base',
    'focus:border-purple-500 focus:outline-none',
    multiline ? 'min-h-24 py-2' : 'h-11',
  )
  const field = register('value')
  const common = {
    id,
    // register's name ('value'): react-hook-form finds the field by the input's name.
    ...field,
    placeholder: secret ? stored || 'não definida' : undefined,
    'aria-describedby': error ? `${id}-erro` : `${id}-ajuda`,
    'aria-invalid': error ? true : undefined,
    onBlur: async (e: { target: unknown; type?: unknown }) => {
      await field.onBlur(e)
      await onBlur()
    },
    className: cn(inputClass, error && 'border-red-400 focus:border-red-500'),
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
      {error && (
        <p id={`${id}-erro`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {notice?.(typed) && (
        <p className="mt-1 text-sm font-semibold text-amber-700" role="status">
          {notice(typed)}
        </p>
      )}
    </div>
  )
}
