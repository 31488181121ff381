import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { SalesAnalytics } from '../../../../contracts/analytics'

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/**
 * Revenue (bars' line, left axis) and paid orders (right axis) per day, drawn by uPlot: a
 * canvas chart of about 50 KB that only this admin chunk loads (the store's pages never do).
 * Redrawn at the container's width, so it fits a phone.
 */
export default function SalesChart({ series }: { series: SalesAnalytics['series'] }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const xs = series.map((p) => Date.parse(`${p.date}T12:00:00Z`) / 1000)
    const revenue = series.map((p) => Number(p.revenue))
    const orders = series.map((p) => p.orders)
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: 220,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, r: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      series: [
        {},
        {
          label: 'Receita',
          stroke: '#7c3aed',
          width: 2,
          fill: 'rgba(124, 58, 237, 0.12)',
          value: (_u, v) => (v == null ? '—' : brl.format(v)),
        },
        {
          label: 'Pedidos',
          stroke: '#059669',
          width: 2,
          scale: 'r',
          value: (_u, v) => (v == null ? '—' : String(v)),
        },
      ],
      axes: [
        {
          values: (_u, ticks) =>
            ticks.map(
              (t) =>
                new Date(t * 1000).toISOString().slice(8, 10) +
                '/' +
                new Date(t * 1000).toISOString().slice(5, 7),
            ),
        },
        { values: (_u, ticks) => ticks.map((t) => `R$ ${t}`), size: 64 },
        {
          side: 1,
          scale: 'r',
          grid: { show: false },
          values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')),
        },
      ],
    }
    const plot = new uPlot(opts, [xs, revenue, orders], el)
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 220 }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [series])
  return <div ref={box} data-testid="sales-chart" className="w-full" />
}
