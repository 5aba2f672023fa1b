import type { AppModule } from '../types'

export const checkoutModule: AppModule = { name: 'checkout' }
