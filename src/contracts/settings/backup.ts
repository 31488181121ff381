import { choice, int } from '../setting-types.js'
import { entry } from './entry.js'

/** Backups: when they run and where their copies go. */
export const backupSettings = {
  // 'auto': on once the store charges for real (a PIX key or a provider, not demo mode); a new
  // install's demo data is not worth a nightly copy, a selling store's orders are.
  backup_enabled: entry({
    category: 'backup',
    label: 'Backup automático',
    description: 'Backup automático todas as noites (auto: ligado quando a loja cobra de verdade)',
    hint: 'automático: liga sozinho quando a loja tem uma forma de pagamento real (fora do modo demonstração)',
    type: choice(['auto', 'on', 'off'], 'Use auto, on ou off', {
      auto: 'Automático',
      on: 'Ligado',
      off: 'Desligado',
    }),
    default: 'auto',
  }),
  backup_hour: entry({
    category: 'backup',
    label: 'Hora do backup',
    description: 'Hora do backup automático (horário de Brasília)',
    hint: 'horário de Brasília (America/Sao_Paulo)',
    type: int({ min: 0, max: 23 }, (r) => `Use uma hora de ${r.min} a ${r.max}`),
    default: 3,
  }),
  backup_keep_daily: entry({
    category: 'backup',
    label: 'Cópias diárias guardadas',
    description: 'Quantos backups diários guardar (os mais recentes, um por dia)',
    type: int({ min: 1, max: 90 }, (r) => `Use de ${r.min} a ${r.max} cópias`),
    default: 7,
  }),
  backup_keep_weekly: entry({
    category: 'backup',
    label: 'Cópias semanais guardadas',
    description: 'Quantos backups semanais guardar além dos diários (um por semana)',
    type: int({ min: 0, max: 52 }, (r) => `Use de ${r.min} a ${r.max} cópias`),
    default: 4,
  }),
}
