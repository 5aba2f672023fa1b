/**
 * Orders that are no sale for the KPIs that count buyers and payment methods: cancelled ones and wholly refunded
 * ones (a partial refund keeps the order paid), the same orders paid revenue leaves out.
 */
export const NOT_A_SALE: readonly string[] = ['CANCELLED', 'REFUNDED']
