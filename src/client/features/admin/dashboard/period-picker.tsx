import { cn } from '../../../lib/cn'
import { presetPeriod, PRESETS, storeToday, type Period, type PeriodPreset } from './period'

/** The dashboard's period: a preset (7, 30, 90 days...) or two days of her choice. */
export function PeriodPicker({
  preset,
  period,
  onChange,
}: {
  preset: PeriodPreset
  period: Period
  onChange: (preset: PeriodPreset, period: Period) => void
}) {
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Período" className="flex flex-wrap gap-2">
        {PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={preset === p.id}
            data-testid={`period-${p.id}`}
            onClick={() => onChange(p.id, p.id === 'custom' ? period : presetPeriod(p.id))}
            className={cn(
              'h-10 rounded-full px-4 text-sm font-semibold',
              preset === p.id ? 'bg-purple-700 text-white' : 'bg-purple-50 text-purple-900',
            )}
          >
            {p.label}
          </button>
        ))}
      </div>
      {preset === 'custom' && (
        <div className="flex flex-wrap items-end gap-3">
          {(['from', 'to'] as const).map((end) => (
            <label key={end} className="text-sm">
              <span className="block text-gray-600">{end === 'from' ? 'De' : 'Até'}</span>
              <input
                type="date"
                data-testid={`period-${end}`}
                value={period[end]}
                max={storeToday()}
                onChange={(e) => {
                  const next = { ...period, [end]: e.target.value }
                  if (next.from && next.to && next.from <= next.to) onChange('custom', next)
                }}
                className="h-10 rounded-xl border-2 border-purple-100 px-2 text-base"
              />
            </label>
          ))}
        </div>
      )}
    </div>
  )
}
