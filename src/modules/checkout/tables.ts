/** The checkout module's tables (filled in as the module is built). */
// biome-ignore lint/suspicious/noEmptyInterface: extended as tables are added
export interface CheckoutTables {}
