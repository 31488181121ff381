import { MAX_CART_QUANTITY } from '../../../contracts/limits'

const MIN = 1

interface QuantitySelectorProps {
  value: number
  onChange: (value: number) => void
}

const stepClass =
  'flex size-11 items-center justify-center text-xl font-bold text-purple-700 hover:bg-purple-50 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-purple-500'

export function QuantitySelector({ value, onChange }: QuantitySelectorProps) {
  const set = (next: number) =>
    onChange(Math.min(MAX_CART_QUANTITY, Math.max(MIN, Math.trunc(next) || MIN)))
  return (
    <div className="flex items-center gap-3">
      <label htmlFor="quantidade" className="text-sm font-semibold text-gray-700">
        Quantidade
      </label>
      <div className="flex items-center overflow-hidden rounded-xl border-2 border-purple-200 bg-white">
        <button
          type="button"
          className={stepClass}
          aria-label="Diminuir quantidade"
          disabled={value <= MIN}
          onClick={() => set(value - 1)}
        >
          −
        </button>
        <input
          id="quantidade"
          type="number"
          inputMode="numeric"
          min={MIN}
          max={MAX_CART_QUANTITY}
          value={value}
          onChange={(e) => set(Number(e.target.value))}
          className="h-11 w-12 [appearance:textfield] border-x-2 border-purple-100 text-center font-semibold focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={stepClass}
          aria-label="Aumentar quantidade"
          disabled={value >= MAX_CART_QUANTITY}
          onClick={() => set(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  )
}
