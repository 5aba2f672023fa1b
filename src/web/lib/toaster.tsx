import { useSyncExternalStore } from 'react'
import { dismissToast, getToasts, subscribeToasts } from './toast'

const ICONS = { success: '✓', error: '✕', info: 'ℹ' } as const

/** Top-right stack of toasts; mounted once in main.tsx. */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  return (
    <div className="toaster" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast-icon" aria-hidden>
            {ICONS[t.kind]}
          </span>
          <span className="toast-message">{t.message}</span>
          <button type="button" className="toast-close" aria-label="Fechar" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
