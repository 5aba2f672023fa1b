import type { AppModule } from '../types'

export const orderingModule: AppModule = { name: 'ordering' }
