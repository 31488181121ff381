import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminSetting } from '../../../../contracts/admin'
import type { SettingKey } from '../../../../contracts/settings'
import { STORE_TEXTS } from '../../../../contracts/store-texts'
import { Button } from '../../../ui/button'
import { useSaveSetting } from '../admin.mutations'
import { checklistQuery } from './checklist.api'

/**
 * 'Revise os textos da loja' is done once she has saved each text herself; a field saves only
 * when its value changes, so one she read and likes is saved as it is here. Shown under the
 * last field of a store text she has not saved yet.
 */
export function KeepStoreText({
  after,
  settings,
}: {
  after: SettingKey
  settings: AdminSetting[]
}) {
  const { data } = useQuery(checklistQuery())
  const queryClient = useQueryClient()
  const save = useSaveSetting()
  const [busy, setBusy] = useState(false)
  const text = data?.texts.find((t) => STORE_TEXTS[t.key].settings.at(-1) === after)
  if (!text || text.reviewed) return null
  const keep = async () => {
    setBusy(true)
    try {
      for (const key of STORE_TEXTS[text.key].settings) {
        const setting = settings.find((s) => s.key === key)
        // What the field shows: a change typed just before the tap (saved on that blur) is
        // what she keeps, not the value read before it.
        const field = document.getElementById(`config-${key}`) as HTMLTextAreaElement | null
        await save.mutateAsync({
          key,
          value: (field?.value ?? setting?.value ?? '').trim(),
          description: setting?.description ?? '',
          category: setting?.category ?? 'footer',
        })
      }
      await queryClient.invalidateQueries({ queryKey: checklistQuery().queryKey })
    } catch {
      // useSaveSetting already told her why, in a toast.
    } finally {
      setBusy(false)
    }
  }
  return (
    <div
      className="rounded-xl bg-purple-50 p-3 text-sm text-gray-700"
      data-testid={`keep-text-${text.key}`}
    >
      <p>{text.label}: leu e gostou? Salve como está e ele sai da lista ‘Antes de vender’.</p>
      <Button
        size="sm"
        variant="secondary"
        className="mt-2"
        disabled={busy}
        onClick={() => void keep()}
      >
        {busy ? 'Salvando...' : 'Manter este texto'}
      </Button>
    </div>
  )
}
