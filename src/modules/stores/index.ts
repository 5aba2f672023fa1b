import type { AppModule } from '../types'
import { storeRoutes } from './routes'

export { isUuid, requireStoreOwner, STORE_NOT_FOUND, storeIdOf } from './guard'
export * as storesService from './service'

export const storesModule: AppModule = { name: 'stores', routes: storeRoutes }
