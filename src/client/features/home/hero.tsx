import { Button } from '../../ui/button'
import { useDeliveryPromise } from '../settings/delivery-promise'
import { usePublicSetting } from '../settings/settings.api'

const DEFAULT_TITLE = 'Materiais pedagógicos que encantam seus alunos'
const DEFAULT_SUBTITLE = 'Atividades, jogos, planejamentos e cartazes prontos para imprimir.'

/** The home page's banner; the shop owner sets its texts and picture in /admin/config. */
export function Hero() {
  const title = usePublicSetting('banner_title', DEFAULT_TITLE)
  const subtitle = usePublicSetting(
    'banner_subtitle',
    `${DEFAULT_SUBTITLE} ${useDeliveryPromise().heroLine}`,
  )
  const image = usePublicSetting('banner_image_url')
  return (
    <section
      className="relative overflow-hidden bg-gradient-to-br from-pink-500 via-fuchsia-500 to-purple-700 bg-cover bg-center text-white"
      style={
        image
          ? {
              // The gradient over the picture keeps white text readable on any photo.
              backgroundImage: `linear-gradient(rgba(88,28,135,.65), rgba(88,28,135,.65)), url(${JSON.stringify(image)})`,
            }
          : undefined
      }
      data-testid="hero"
    >
      <div
        aria-hidden="true"
        className="absolute -top-10 -right-10 text-[9rem] opacity-15 select-none"
      >
        ✏️
      </div>
      <div
        aria-hidden="true"
        className="absolute -bottom-8 -left-6 text-[7rem] opacity-15 select-none"
      >
        📚
      </div>
      <div className="relative mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <p className="inline-block rounded-full bg-white/20 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
          Para professoras, educadores e famílias
        </p>
        <h1 className="mt-4 max-w-2xl text-3xl leading-tight font-extrabold sm:text-5xl">
          {title}
        </h1>
        <p className="mt-4 max-w-xl text-base text-pink-50 sm:text-lg">{subtitle}</p>
        <Button
          size="lg"
          variant="secondary"
          className="mt-6 border-white"
          onClick={() =>
            document.getElementById('produtos')?.scrollIntoView({ behavior: 'smooth' })
          }
        >
          Ver materiais <span aria-hidden="true">↓</span>
        </Button>
      </div>
    </section>
  )
}
