import { useState, type FormEvent } from 'react'
import { Button } from '../../../ui/button'
import { Field } from '../../../ui/field'
import { toast } from '../../../ui/toast-store'

/** SPEC.md section 3: the banner is kept in this browser's localStorage under 'banner'. */
const BANNER_KEY = 'banner'

interface Banner {
  title: string
  subtitle: string
  imageUrl: string
  showProfessora: boolean
}

const EMPTY: Banner = { title: '', subtitle: '', imageUrl: '', showProfessora: true }

function readBanner(): Banner {
  try {
    const stored = JSON.parse(localStorage.getItem(BANNER_KEY) ?? 'null') as Partial<Banner> | null
    return { ...EMPTY, ...stored }
  } catch {
    return EMPTY
  }
}

export function BannerForm() {
  const [banner, setBanner] = useState(readBanner)
  const set = (key: keyof Banner) => (e: { target: { value: string } }) =>
    setBanner((b) => ({ ...b, [key]: e.target.value }))

  function save(event: FormEvent) {
    event.preventDefault()
    if (banner.imageUrl && !/^(https?:\/\/|\/)/.test(banner.imageUrl.trim())) {
      return toast({
        title: 'Erro ao salvar configuração',
        description: 'A imagem deve ser um endereço (https://... ou /...).',
        variant: 'destructive',
      })
    }
    try {
      localStorage.setItem(BANNER_KEY, JSON.stringify(banner))
      toast({ title: 'Banner salvo!', variant: 'success', duration: 3000 })
    } catch {
      toast({
        title: 'Erro ao salvar configuração',
        description: 'O navegador não permitiu guardar os dados.',
        variant: 'destructive',
      })
    }
  }

  return (
    <form onSubmit={save} className="space-y-4">
      <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
        O banner fica guardado neste navegador; o servidor ainda não tem campos para ele.
      </p>
      <Field name="banner-title" label="Título" value={banner.title} onChange={set('title')} />
      <Field
        name="banner-subtitle"
        label="Slogan"
        value={banner.subtitle}
        onChange={set('subtitle')}
      />
      <Field
        name="banner-image"
        label="Endereço da imagem"
        type="url"
        inputMode="url"
        placeholder="https://..."
        value={banner.imageUrl}
        onChange={set('imageUrl')}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={banner.showProfessora}
          onChange={(e) => setBanner((b) => ({ ...b, showProfessora: e.target.checked }))}
          className="size-5 accent-purple-600"
        />
        Mostrar a ilustração da professora
      </label>
      <Button type="submit">Salvar banner</Button>
    </form>
  )
}
