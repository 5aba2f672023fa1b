import { Check, ChevronDown, Pencil } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useStores } from '../../lib/store-context'
import { Button, cx, Spinner } from '../../ui'

/** Store selector in all its states: loading, error with retry, no store, dropdown (spec 000 §2 Sidebar). */
export function StoreSelector({ collapsed, onExpand }: { collapsed: boolean; onExpand(): void }) {
  const { stores, status, reload, isFetching, selectedStore, selectStore, openStoreDialog } = useStores()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  if (collapsed) {
    return (
      <button
        type="button"
        className="store-chip"
        title={selectedStore?.name ?? 'Selecionar loja'}
        onClick={onExpand}
        aria-label="Selecionar loja"
      >
        {status === 'pending' ? <Spinner size="sm" /> : (selectedStore?.name.trim()[0] ?? '⌂').toUpperCase()}
      </button>
    )
  }
  if (status === 'pending') {
    return (
      <div className="store-selector-state">
        <Spinner size="sm" /> Carregando lojas...
      </div>
    )
  }
  if (status === 'error') {
    return (
      <div className="store-selector-state store-selector-error">
        <span>Erro ao carregar lojas.</span>
        <Button size="sm" variant="secondary" loading={isFetching} onClick={() => void reload()}>
          Tentar novamente
        </Button>
      </div>
    )
  }
  if (!stores.length) {
    return (
      <Button block onClick={() => openStoreDialog()}>
        + Criar Primeira Loja
      </Button>
    )
  }
  return (
    <div className="store-selector" ref={ref}>
      <div className="store-selector-row">
        <button
          type="button"
          className="store-selector-button"
          aria-haspopup="listbox"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="store-selector-caption">Loja atual</span>
          <span className="store-selector-name">{selectedStore?.name ?? 'Selecione uma loja'}</span>
          <span className="store-selector-caret" aria-hidden>
            <ChevronDown size={16} />
          </span>
        </button>
        {selectedStore && (
          <button
            type="button"
            className="icon-btn"
            title="Editar loja"
            aria-label="Editar loja"
            onClick={() => openStoreDialog(selectedStore)}
          >
            <Pencil size={16} />
          </button>
        )}
      </div>
      {open && (
        <div className="store-menu" role="listbox" aria-label="Lojas">
          {stores.map((s) => (
            <button
              type="button"
              role="option"
              aria-selected={s.id === selectedStore?.id}
              key={s.id}
              className={cx('store-menu-item', s.id === selectedStore?.id && 'store-menu-item-active')}
              onClick={() => {
                setOpen(false)
                selectStore(s.id)
              }}
            >
              <span className="store-menu-name">{s.name}</span>
              {s.id === selectedStore?.id && <Check size={16} aria-hidden />}
            </button>
          ))}
          <button
            type="button"
            className="store-menu-item store-menu-create"
            onClick={() => {
              setOpen(false)
              openStoreDialog()
            }}
          >
            + Criar Nova Loja
          </button>
        </div>
      )}
    </div>
  )
}
