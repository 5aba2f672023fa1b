import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import { storeRoutes } from './routes'
import * as service from './service'

export const storesService = expose(service)

export const storesModule: AppModule = { name: 'stores', routes: storeRoutes }
