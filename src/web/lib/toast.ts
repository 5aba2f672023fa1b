/**
 * Toast notifications: a tiny store any module can push to, rendered by <Toaster/> (lib/toaster.tsx).
 * 3 s by default; the account and admin areas pass LONG_TOAST (5 s) as the spec asks.
 */
export type ToastKind = 'success' | 'error' | 'info'

export interface ToastItem {
  id: number
  kind: ToastKind
  message: string
  durationMs: number
}

export interface ToastOptions {
  durationMs?: number
}

export const DEFAULT_TOAST_MS = 3000
export const LONG_TOAST: ToastOptions = { durationMs: 5000 }

type Listener = (items: ToastItem[]) => void

let items: ToastItem[] = []
let nextId = 1
const listeners = new Set<Listener>()

function emit() {
  for (const l of listeners) l(items)
}

export function dismissToast(id: number) {
  items = items.filter((t) => t.id !== id)
  emit()
}

function push(kind: ToastKind, message: string, opts: ToastOptions = {}): number {
  const id = nextId++
  const durationMs = opts.durationMs ?? DEFAULT_TOAST_MS
  items = [...items, { id, kind, message, durationMs }]
  emit()
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs)
  return id
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToasts(): ToastItem[] {
  return items
}

export const toast = {
  success: (message: string, opts?: ToastOptions) => push('success', message, opts),
  error: (message: string, opts?: ToastOptions) => push('error', message, opts),
  info: (message: string, opts?: ToastOptions) => push('info', message, opts),
  dismiss: dismissToast,
}
