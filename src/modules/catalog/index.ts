import type { AppModule } from '../types'

export const catalogModule: AppModule = { name: 'catalog' }
