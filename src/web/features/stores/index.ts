// What other features may use of stores: the merchant's store list, the store form and its save hook.
export { myStoresQuery, useMyStores } from './api/get-my-stores'
export { StoreForm, type StoreFormProps, type StoreFormValues } from './components/store-form'
export { useSaveStore } from './use-save-store'
