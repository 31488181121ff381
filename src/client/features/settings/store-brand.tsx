import { DEFAULT_STORE_NAME } from '../../../contracts/store-name'
import { usePublicSetting } from './settings.api'

/** The owner's `store_name`; the default while the settings load. */
export const useStoreName = () => usePublicSetting('store_name', DEFAULT_STORE_NAME)

/** 'segunda a sexta, das 8h às 18h' → 'Segunda a sexta, das 8h às 18h': how a line starts. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The uploaded logo, or the store's apple when there is none (the name beside it says who). */
export function StoreMark({ className = 'h-9' }: { className?: string }) {
  const logo = usePublicSetting('store_logo')
  if (logo) {
    return (
      <img
        src={logo}
        alt=""
        className={`${className} w-auto max-w-16 shrink-0 rounded-md object-contain`}
      />
    )
  }
  return (
    <span aria-hidden="true" className="text-2xl">
      🍎
    </span>
  )
}
