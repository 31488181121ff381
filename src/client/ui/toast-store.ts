import { useSyncExternalStore } from 'react'

export interface ToastMessage {
  id: number
  title: string
  description?: string
  variant?: 'default' | 'success' | 'destructive'
  /** Milliseconds; 5000 when not given. */
  duration?: number
}

type Listener = () => void

// One toast at a time (SPEC.md section 9): a new one replaces the current.
let current: ToastMessage | null = null
let nextId = 1
const listeners = new Set<Listener>()

function emit() {
  for (const listener of listeners) listener()
}

export function toast(message: Omit<ToastMessage, 'id'>): void {
  current = { ...message, id: nextId++ }
  emit()
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return
  current = null
  emit()
}

function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
}
