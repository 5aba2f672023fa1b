import type { Store } from '../../../shared/stores'
import { ApiError } from '../../lib/api'
import { useSession } from '../../lib/session-context'
import { toast } from '../../lib/toast'
import { useCreateStore } from './api/create-store'
import { useUpdateStore } from './api/update-store'
import type { StoreFormValues } from './components/store-form'

/** Creates or edits a store with the §8 toasts; rejects (after the toast) so the form can show field errors. */
export function useSaveStore() {
  const { isAuthenticated } = useSession()
  const create = useCreateStore()
  const update = useUpdateStore()

  return async (values: StoreFormValues, existing?: Store): Promise<Store> => {
    if (existing) {
      try {
        const store = await update.mutateAsync({ id: existing.id, ...values })
        toast.success(`Loja "${store.name}" atualizada com sucesso!`)
        return store
      } catch (err) {
        toast.error(
          err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : 'Erro ao salvar loja.',
        )
        throw err
      }
    }
    if (!isAuthenticated) {
      toast.error('Você precisa estar logado para criar uma loja.')
      throw new Error('Você precisa estar logado para criar uma loja.')
    }
    try {
      const store = await create.mutateAsync(values)
      toast.success(store.name ? `Loja "${store.name}" criada com sucesso!` : 'Loja criada com sucesso!')
      return store
    } catch (err) {
      toast.error('Falha ao criar loja.')
      throw err
    }
  }
}
