import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { OrderZipButtons, withZipCounted, zipOrdersOf } from './order-zip'

// 'Baixar tudo (ZIP)' in 'Meus materiais': which orders offer it, and what it counts.

const file = { fileName: 'a.pdf', mimeType: 'application/pdf', size: 10 }
const purchase = (id: number, orderId: string, files: number, downloadCount = 0) => ({
  id,
  orderId,
  files: Array.from({ length: files }, () => file),
  downloadCount,
  maxDownloads: 3,
})

describe('OrderZipButtons', () => {
  it('offers the ZIP for an order of two files or more, each material with a download left', () => {
    const list = [
      purchase(1, 'pedido-dois', 1),
      purchase(2, 'pedido-dois', 1),
      purchase(3, 'pedido-um', 1),
      // One material delivered by a link only: no file, no ZIP on its own.
      purchase(4, 'pedido-um', 0),
      purchase(5, 'pedido-kit', 3),
      purchase(6, 'pedido-gasto', 1, 3),
      purchase(7, 'pedido-gasto', 1),
    ]
    expect(zipOrdersOf(list)).toEqual([
      { orderId: 'pedido-dois', files: 2 },
      { orderId: 'pedido-kit', files: 3 },
    ])
    const html = renderToString(
      createElement(OrderZipButtons, { purchases: list, onStarted: () => {} }),
    )
    expect(html.match(/Baixar tudo \(ZIP\)/g)).toHaveLength(2)
    expect(html).toContain('Pedido #pedido-d: 2 arquivos')
  })

  it('shows nothing for an order with one file', () => {
    const html = renderToString(
      createElement(OrderZipButtons, { purchases: [purchase(1, 'x', 1)], onStarted: () => {} }),
    )
    expect(html).toBe('')
  })

  it('counts one download of each material with files of that order', () => {
    const list = [purchase(1, 'a', 1), purchase(2, 'a', 0), purchase(3, 'b', 1)]
    expect(withZipCounted(list, 'a').map((p) => p.downloadCount)).toEqual([1, 0, 0])
  })
})
