import { Check, CircleX, Info } from 'lucide-react'
import { createElement, useSyncExternalStore } from 'react'
import { dismissToast, getToasts, subscribeToasts } from './toast'

const ICONS = { success: Check, error: CircleX, info: Info } as const

/** Top-right stack of toasts; mounted once in main.tsx. */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  return (
    <div className="toaster" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast-icon" aria-hidden>
            {createElement(ICONS[t.kind], { size: 16 })}
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
