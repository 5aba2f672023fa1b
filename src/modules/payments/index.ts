import type { AppModule } from '../types'

export const paymentsModule: AppModule = { name: 'payments' }
