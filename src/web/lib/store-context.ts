import { createContext, useContext } from 'react'
import type { Store } from '../../shared/stores'

export interface StoresContextValue {
  stores: Store[]
  status: 'pending' | 'error' | 'success'
  error: Error | null
  isFetching: boolean
  /** Refetches the list; resolves true when it loaded. */
  reload(): Promise<boolean>
  selectedStoreId: string | null
  selectedStore: Store | undefined
  /** Selects one of the user's stores and goes to it (keeping the current sub-section); unknown ids are ignored. */
  selectStore(id: string): void
  /** Marks the store of the current URL as selected, without navigating. */
  syncSelectedStore(id: string): void
  openStoreDialog(store?: Store): void
}

export const StoresContext = createContext<StoresContextValue | null>(null)

export function useStores(): StoresContextValue {
  const value = useContext(StoresContext)
  if (!value) throw new Error('Erro de inicialização')
  return value
}
