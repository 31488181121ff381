import { useEffect } from 'react'
import { useController, useForm, type Resolver, type ResolverResult } from 'react-hook-form'
import { settingHint } from '../../../contracts/setting-rules'
import {
  isSettingKey,
  parseSetting,
  readSetting,
  settingEntry,
  type SettingKey,
} from '../../../contracts/settings'
import type { SettingKind } from '../../../contracts/setting-types'
import { cn } from '../../lib/cn'
import type { AdminSetting } from '../../../contracts/admin'
import { useSaveSetting } from './admin.mutations'

// Secrets come back masked; sending the mask back would overwrite the real key with it.
const MASK = /[•*]{3,}/

const INPUT_TYPES: Partial<Record<SettingKind, 'url' | 'tel' | 'number' | 'email'>> = {
  int: 'number',
  email: 'email',
  url: 'url',
  image: 'url',
  whatsapp: 'tel',
}

export interface SettingFieldProps {
  settingKey: string
  /** Replaces the contract's label (a key only the server knows shows its description). */
  label?: string
  /** The stored record, when the server has one. */
  setting?: AdminSetting
  multiline?: boolean
  /** A multiline field's height in lines (a page's text wants many). */
  rows?: number
  /** Said after the contract's hint. */
  hint?: string
  /** A warning about the value as typed (e.g. cut to fit the PIX standard), or null. */
  notice?: (value: string) => string | null
}

/** The contract's view of a key: label, hint, input type and bounds, checked on blur. */
function contractOf(key: string) {
  if (!isSettingKey(key)) return null
  const entry = settingEntry(key)
  return { key: key as SettingKey, entry, hint: settingHint(key) }
}

type Draft = { value: string }

/**
 * The contract's schema of this key (the one the server uses) over the field: a value it
 * refuses gets its Portuguese message under the field and is not sent. An unchanged value, an
 * empty secret (keep the stored one) and a key only the server knows are not checked here.
 */
function settingResolver(
  contract: ReturnType<typeof contractOf>,
  unchanged: (value: string) => boolean,
): Resolver<Draft> {
  return async (values): Promise<ResolverResult<Draft>> => {
    const value = values.value.trim()
    if (!contract || unchanged(value)) return { values, errors: {} }
    const checked = parseSetting(contract.key, value)
    if (checked.ok) return { values, errors: {} }
    return { values: {}, errors: { value: { type: 'contract', message: checked.message } } }
  }
}

/**
 * One setting as the owner reads it: its label and hint from the contract, never its key; an
 * on/off setting is a switch ('Ligado'/'Desligado') and a choice a list of named options, both
 * saved as they change; any other value is typed and saved on blur.
 */
export function SettingField(props: SettingFieldProps) {
  const kind = contractOf(props.settingKey)?.entry.type.kind
  if (kind === 'flag') return <FlagField {...props} />
  if (kind === 'choice') return <ChoiceField {...props} />
  return <TypedField {...props} />
}

/** The label of a field: the caller's, the contract's, or (a key only the server knows) its description. */
function labelOf({ settingKey, label, setting }: SettingFieldProps): string {
  const contract = contractOf(settingKey)
  return label ?? contract?.entry.label ?? setting?.description ?? 'Configuração'
}

function FlagField(props: SettingFieldProps) {
  const { settingKey, setting } = props
  const contract = contractOf(settingKey)!
  const save = useSaveSetting()
  const on = readSetting(contract.key, setting?.value ?? '') === true
  const id = `config-${settingKey}`
  return (
    <div data-testid={`setting-${settingKey}`} className="flex items-start justify-between gap-3">
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
          {labelOf(props)}
        </label>
        {contract.hint && (
          <p id={`${id}-ajuda`} className="mt-1 text-xs text-gray-500">
            {contract.hint}
          </p>
        )}
      </div>
      <label className="flex shrink-0 items-center gap-2 text-sm font-semibold text-gray-800">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          disabled={save.isPending}
          aria-describedby={contract.hint ? `${id}-ajuda` : undefined}
          onChange={(e) =>
            save.mutate({
              key: settingKey,
              value: e.target.checked ? 'true' : 'false',
              category: contract.entry.category,
            })
          }
          className="size-6 accent-purple-700"
        />
        <span aria-hidden="true">{on ? 'Ligado' : 'Desligado'}</span>
      </label>
    </div>
  )
}

function ChoiceField(props: SettingFieldProps) {
  const { settingKey, setting } = props
  const contract = contractOf(settingKey)!
  const save = useSaveSetting()
  const type = contract.entry.type
  const current = String(readSetting(contract.key, setting?.value ?? ''))
  const id = `config-${settingKey}`
  return (
    <div data-testid={`setting-${settingKey}`}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {labelOf(props)}
      </label>
      <select
        id={id}
        value={current}
        disabled={save.isPending}
        onChange={(e) =>
          save.mutate({ key: settingKey, value: e.target.value, category: contract.entry.category })
        }
        className="mt-1 block h-11 w-full rounded-xl border-2 border-purple-100 bg-white px-3 text-base focus:border-purple-500 focus:outline-none"
      >
        {(type.options ?? []).map((option) => (
          <option key={option} value={option}>
            {type.optionLabels?.[option] ?? option}
          </option>
        ))}
      </select>
      {contract.hint && <p className="mt-1 text-xs text-gray-500">{contract.hint}</p>}
    </div>
  )
}

/**
 * A typed setting, saved on blur when it changed (SPEC.md section 7): success or error toast.
 * The value is checked first by the contract's schema, the one the server uses: a value it
 * refuses shows the same Portuguese message under the field, and is not sent.
 */
function TypedField({
  settingKey,
  label,
  setting,
  multiline,
  rows,
  hint,
  notice,
}: SettingFieldProps) {
  const contract = contractOf(settingKey)
  const stored = setting?.value ?? ''
  const secret = !!contract?.entry.secret || MASK.test(stored)
  const initial = secret ? '' : stored
  const unchanged = (value: string) => value === initial.trim() || (secret && !value)
  // Read again at every render by react-hook-form: it follows the stored value.
  const resolver = settingResolver(contract, unchanged)
  const { handleSubmit, control, reset, setError, formState } = useForm<Draft>({
    defaultValues: { value: initial },
    resolver,
    // Checked as the owner leaves the field: pulling focus back would trap a phone's keyboard
    // in a field she typed wrong; the message under it is enough.
    shouldFocusError: false,
  })
  // A new value from the server (saved elsewhere, refetched) replaces the draft.
  useEffect(() => reset({ value: initial }), [initial, reset])
  // Controlled: the input always shows the draft (empty for a secret, never its value).
  const { field } = useController({ control, name: 'value' })
  const typed = field.value
  const problem = formState.errors.value?.message
  const save = useSaveSetting()
  const id = `config-${settingKey}`
  const description = setting?.description ?? contract?.entry.description ?? ''
  const category = setting?.category ?? contract?.entry.category ?? 'footer'
  const type = contract?.entry.type
  const hints = [contract?.hint, hint].filter(Boolean).join('; ')

  const saveIfChanged = handleSubmit(({ value: raw }) => {
    const value = raw.trim()
    if (unchanged(value)) return
    // A failed save keeps what was typed, so leaving the field again retries; the server's
    // refusal shows under the field as the contract's would.
    save.mutate(
      { key: settingKey, value, description, category },
      { onError: (err) => setError('value', { type: 'server', message: err.message }) },
    )
  })

  const inputClass = cn(
    'mt-1 block w-full rounded-xl border-2 border-purple-100 bg-white px-3 text-base',
    'focus:border-purple-500 focus:outline-none',
    multiline ? 'min-h-24 py-2' : 'h-11',
    problem && 'border-red-400',
  )
  const common = {
    id,
    name: settingKey,
    value: field.value,
    ref: field.ref,
    onChange: field.onChange,
    placeholder: secret ? stored || 'não definida' : undefined,
    maxLength: type?.maxLength,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-ajuda ${id}-erro` : `${id}-ajuda`,
    onBlur: () => {
      field.onBlur()
      void saveIfChanged()
    },
    className: inputClass,
  }

  return (
    <div data-testid={`setting-${settingKey}`}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {labelOf({ settingKey, label, setting })}
        {save.isPending && <span className="ml-2 font-normal text-purple-600">salvando...</span>}
      </label>
      {multiline ? (
        <textarea rows={rows} {...common} />
      ) : (
        <input
          type={(type && INPUT_TYPES[type.kind]) ?? 'text'}
          min={type?.min}
          max={type?.max}
          {...common}
        />
      )}
      <p id={`${id}-ajuda`} className="mt-1 text-xs text-gray-500">
        {[hints, secret && 'valor oculto; digite um novo para trocar'].filter(Boolean).join(' · ')}
      </p>
      {problem && (
        <p id={`${id}-erro`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {problem}
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
