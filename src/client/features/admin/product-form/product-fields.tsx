import { CATEGORIES } from '../../../../contracts/categories'
import { decimalToCents, formatBRL } from '../../../../contracts/money'
import { Field } from '../../../ui/field'
import type { ProductFormValues, SetValue } from './form-values'
import { BumpSetting, KitSetting } from './kit-setting'
import { SchoolTags } from './school-tags'
import type { ProductFormVariant } from './variants'

// The one screen of SPEC.md section 3 with the short list of 10 categories.
const SHORT_LIST = [
  'educacao_infantil',
  'ensino_fundamental',
  'educacao_inclusiva',
  'datas_comemorativas',
  'planejamento_organizadores',
  'jogos_recursos_ludicos',
  'relatorios_avaliacao',
  'cartazes_murais',
  'bncc_pratica',
  'livros_atividades',
]

export type { SetValue } from './form-values'

const control =
  'mt-1 block w-full rounded-xl border-2 border-purple-100 bg-white px-3 text-base text-gray-900 focus:border-purple-500 focus:outline-none'

/** What the typed price will be saved as, shown before saving. */
function priceHint(typed: string): string {
  if (typed.trim() === '') return 'Ex.: 19,90 ou 1.250,00'
  const cents = decimalToCents(typed)
  return cents === null ? 'Use o formato 19,90 ou 1.250,00' : `Será salvo como ${formatBRL(cents)}`
}

/** What the 'de' price shows on the product page, or why it would be refused. */
function compareAtHint(values: ProductFormValues): string {
  if (values.compareAtPrice.trim() === '')
    return 'Deixe em branco se não houver. Com ele, a página mostra “De R$ 29,90 por R$ 19,90”.'
  const compareAt = decimalToCents(values.compareAtPrice)
  const price = decimalToCents(values.price)
  if (compareAt === null) return 'Use o formato 29,90 ou 1.250,00'
  if (price !== null && compareAt <= price)
    return `Precisa ser maior que o preço de venda (${formatBRL(price)})`
  return price === null
    ? `Será mostrado como De ${formatBRL(compareAt)}`
    : `A página mostrará: De ${formatBRL(compareAt)} por ${formatBRL(price)}`
}

/** Each buyer's PDFs carry their name, e-mail and order; free materials never. */
function StampSetting({ values, set }: { values: ProductFormValues; set: SetValue }) {
  return (
    <div className="rounded-xl border-2 border-purple-100 bg-purple-50/50 p-3">
      <label className="flex items-start gap-2 text-sm font-semibold text-gray-900">
        <input
          type="checkbox"
          name="stampPdf"
          data-testid="stamp-pdf"
          checked={values.stampPdf && !values.isFree}
          disabled={values.isFree}
          onChange={(e) => set('stampPdf', e.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-purple-600"
        />
        Proteger PDF com os dados do comprador
      </label>
      <p className="mt-1 pl-7 text-xs text-gray-600">
        {values.isFree
          ? 'Materiais gratuitos são entregues sem carimbo.'
          : 'Cada página do PDF recebe, no rodapé, o nome, o e-mail e o número do pedido de quem comprou. O arquivo original não muda; ZIP e outros formatos vão como estão.'}
      </p>
    </div>
  )
}

/** Name, description, price (free forces 0.00), category, links; files are elsewhere. */
export function ProductFields({
  values,
  set,
  variant,
  errors = {},
}: {
  values: ProductFormValues
  set: SetValue
  variant: ProductFormVariant
  /** The server's refusal of one field, shown under it. */
  errors?: Partial<Record<keyof ProductFormValues, string>>
}) {
  const categories =
    variant.categories === 'short'
      ? CATEGORIES.filter((c) => SHORT_LIST.includes(c.slug))
      : CATEGORIES
  return (
    <div className="space-y-4">
      <Field
        name="name"
        error={errors.name}
        label="Nome do produto *"
        value={values.name}
        maxLength={200}
        onChange={(e) => set('name', e.target.value)}
      />
      <div>
        <label htmlFor="campo-description" className="block text-sm font-semibold text-gray-800">
          Descrição{variant.id === 'edit' ? '' : ' *'}
        </label>
        <textarea
          id="campo-description"
          name="description"
          value={values.description}
          rows={4}
          onChange={(e) => set('description', e.target.value)}
          className={`${control} py-2`}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Field
            name="price"
            error={errors.price}
            label="Preço (R$) *"
            // Text, not number: a number input in an English-locale browser reads "12,50" as 1250.
            type="text"
            inputMode="decimal"
            placeholder="19,90"
            data-testid="price-input"
            hint={values.isFree ? undefined : priceHint(values.price)}
            value={values.isFree ? '0.00' : values.price}
            disabled={values.isFree}
            onChange={(e) => set('price', e.target.value)}
          />
          <label className="mt-2 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={values.isFree}
              onChange={(e) => set('isFree', e.target.checked)}
              className="size-5 accent-purple-600"
            />
            Produto gratuito (preço 0,00)
          </label>
          {!values.isFree && (
            <Field
              name="compareAtPrice"
              error={errors.compareAtPrice}
              label="Preço “de” (R$, opcional)"
              type="text"
              inputMode="decimal"
              placeholder="29,90"
              data-testid="compare-at-input"
              className="mt-3"
              hint={compareAtHint(values)}
              value={values.compareAtPrice}
              onChange={(e) => set('compareAtPrice', e.target.value)}
            />
          )}
        </div>
        <div>
          <label htmlFor="campo-category" className="block text-sm font-semibold text-gray-800">
            Categoria *
          </label>
          <select
            id="campo-category"
            name="category"
            value={values.category}
            onChange={(e) => set('category', e.target.value)}
            className={`${control} h-11`}
          >
            <option value="">Selecione...</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.emoji} {variant.uppercaseCategories ? c.label.toUpperCase() : c.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field
        name="externalLink"
        error={errors.externalLink}
        label="Link externo (Canva, Drive...) — opcional"
        type="url"
        inputMode="url"
        placeholder="https://www.canva.com/..."
        value={values.externalLink}
        onChange={(e) => set('externalLink', e.target.value)}
      />
      <Field
        name="canvaTemplateId"
        error={errors.canvaTemplateId}
        label="ID do modelo Canva — opcional"
        value={values.canvaTemplateId}
        onChange={(e) => set('canvaTemplateId', e.target.value)}
      />
      <SchoolTags values={values} set={set} />
      <StampSetting values={values} set={set} />
      <KitSetting values={values} set={set} />
      <BumpSetting values={values} set={set} />
      {variant.id === 'edit' && (
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={values.isActive}
            onChange={(e) => set('isActive', e.target.checked)}
            className="size-5 accent-purple-600"
          />
          Ativo (visível na loja)
        </label>
      )}
    </div>
  )
}
