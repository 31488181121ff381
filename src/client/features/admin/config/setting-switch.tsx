import type { ReactNode } from 'react'
import { useSaveSetting } from '../admin.mutations'

/** Whole class names, so Tailwind finds them in the source. */
const TONES = {
  amber: { box: 'border-amber-200 bg-amber-50', text: 'text-amber-950' },
  purple: { box: 'border-purple-200 bg-purple-50', text: 'text-purple-950' },
} as const

interface SettingSwitchProps {
  /** The `true`/`false` setting this switch saves (category payment). */
  settingKey: string
  label: string
  checked: boolean
  /** Off while the settings load or a save is under way, and when the caller says so. */
  disabled: boolean
  tone: keyof typeof TONES
  testId: string
  /** What the switch does in its present state, read with it by screen readers. */
  help: ReactNode
}

/** A switch of the owner's for one on/off setting, with its explanation under it. */
export function SettingSwitch({
  settingKey,
  label,
  checked,
  disabled,
  tone,
  testId,
  help,
}: SettingSwitchProps) {
  const save = useSaveSetting()
  const { box, text } = TONES[tone]
  const helpId = `${testId}-ajuda`
  return (
    <div data-testid={testId} className={`mb-4 rounded-2xl border-2 p-4 ${box}`}>
      <label className="flex items-center justify-between gap-3">
        <span className={`font-bold ${text}`}>{label}</span>
        <input
          type="checkbox"
          role="switch"
          aria-describedby={helpId}
          checked={checked}
          disabled={disabled || save.isPending}
          onChange={(e) =>
            save.mutate({
              key: settingKey,
              value: e.target.checked ? 'true' : 'false',
              category: 'payment',
            })
          }
          className="size-6 accent-purple-700"
        />
      </label>
      <div id={helpId} className={`mt-2 space-y-2 text-sm ${text}`}>
        {help}
      </div>
    </div>
  )
}
