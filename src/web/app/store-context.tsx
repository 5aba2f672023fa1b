import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import type { Store } from '../../shared/stores'
import { myStoresQuery, useMyStores } from '../features/stores/api/get-my-stores'
import { StoreFormDialog } from '../features/stores/components/store-form-dialog'
import { ApiError } from '../lib/api'
import { currentStoreSubPath, defaultStoreSection, storePath } from '../lib/sections'
import { clearObsoleteData, readSelectedStoreId, storeCleanupNotice, writeSelectedStoreId } from '../lib/session'
import { StoresContext, type StoresContextValue } from '../lib/store-context'
import { toast } from '../lib/toast'
import { storeSections } from './registry'

type DialogState = { open: false } | { open: true; store?: Store }

/** The user's stores and the selected one (spec 000 §4 Store selection). */
export function StoresProvider({ autoSelectFirst, children }: { autoSelectFirst: boolean; children: ReactNode }) {
  const query = useMyStores()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const [selectedStoreId, setSelected] = useState<string | null>(readSelectedStoreId)
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const stores = useMemo(() => (query.isError ? [] : (query.data ?? [])), [query.data, query.isError])

  const select = useCallback((id: string | null) => {
    writeSelectedStoreId(id)
    setSelected(id)
  }, [])

  // Once the list is known: keep a persisted id only if it is the user's, then auto-select the first store.
  useEffect(() => {
    if (!query.isSuccess) return
    const ids = query.data.map((s) => s.id)
    let next = selectedStoreId && ids.includes(selectedStoreId) ? selectedStoreId : null
    if (!next && autoSelectFirst && ids.length) next = ids[0]
    if (next !== selectedStoreId) select(next)
  }, [query.isSuccess, query.data, selectedStoreId, autoSelectFirst, select])

  useEffect(() => {
    if (!query.isError) return
    toast.error('Falha ao carregar lojas.')
    select(null)
    const status = query.error instanceof ApiError ? query.error.status : 0
    if (status === 401 || status === 403) {
      if (clearObsoleteData(undefined) > 0) storeCleanupNotice('Dados locais obsoletos foram removidos.')
    }
  }, [query.isError, query.error, select])

  const selectStore = useCallback(
    (id: string) => {
      const list = queryClient.getQueryData<Store[]>(myStoresQuery().queryKey) ?? []
      if (!list.some((s) => s.id === id)) return
      select(id)
      const section = currentStoreSubPath(location.pathname) ?? defaultStoreSection(storeSections)
      if (section) navigate(storePath(id, section))
    },
    [queryClient, select, location.pathname, navigate],
  )

  const syncSelectedStore = useCallback(
    (id: string) => {
      if (id !== readSelectedStoreId() || id !== selectedStoreId) select(id)
    },
    [select, selectedStoreId],
  )

  const reload = useCallback(async () => (await query.refetch()).isSuccess, [query.refetch])

  const value = useMemo<StoresContextValue>(
    () => ({
      stores,
      status: query.status,
      error: query.error,
      isFetching: query.isFetching,
      reload,
      selectedStoreId,
      selectedStore: stores.find((s) => s.id === selectedStoreId),
      selectStore,
      syncSelectedStore,
      openStoreDialog: (store?: Store) => setDialog({ open: true, store }),
    }),
    [stores, query.status, query.error, query.isFetching, reload, selectedStoreId, selectStore, syncSelectedStore],
  )

  return (
    <StoresContext.Provider value={value}>
      {children}
      {dialog.open && (
        <StoreFormDialog
          store={dialog.store}
          onClose={() => setDialog({ open: false })}
          onCreated={(store) => selectStore(store.id)}
        />
      )}
    </StoresContext.Provider>
  )
}
