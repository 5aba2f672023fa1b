/**
 * Checkout configuration shared by the merchant forms, the buyer pages and the server: shipping options (owner form,
 * quotes, CEP zone patterns), address validation, and the checkout customisation with its defaults and limits.
 * Money is reais on the wire (numbers with two decimals), cents everywhere else.
 */
export * from './address'
export * from './cep-patterns'
export * from './customization'
export * from './shipping'
