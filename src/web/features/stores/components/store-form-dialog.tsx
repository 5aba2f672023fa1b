import type { Store } from '../../../../shared/stores'
import { Modal } from '../../../ui'
import { useSaveStore } from '../use-save-store'
import { StoreForm } from './store-form'

/** 'Criar Nova Loja' or, with a store, 'Editar Loja'. */
export function StoreFormDialog({
  store,
  onClose,
  onCreated,
}: {
  store?: Store
  onClose(): void
  onCreated?(store: Store): void
}) {
  const save = useSaveStore()
  return (
    <Modal open onClose={onClose} title={store ? 'Editar Loja' : 'Criar Nova Loja'}>
      <StoreForm
        defaultValues={store}
        submitLabel={store ? 'Salvar Alterações' : 'Criar Loja'}
        submittingLabel={store ? 'Salvando...' : 'Criando...'}
        onCancel={onClose}
        onSubmit={async (values) => {
          const saved = await save(values, store)
          onClose()
          if (!store) onCreated?.(saved)
        }}
      />
    </Modal>
  )
}
