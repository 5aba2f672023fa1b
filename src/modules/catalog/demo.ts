import type { DemoSeedContext } from '../types'
import * as repo from './repository'

/** The demo store's products: one physical with stock, one digital, one more physical. */
export async function seedCatalogDemo({ db, storeId }: DemoSeedContext) {
  const products = [
    {
      name: 'Camiseta Básica Algodão',
      description: 'Camiseta 100% algodão, disponível em várias cores.',
      price_cents: 7990,
      type: 'PHYSICAL' as const,
      stock: 50,
    },
    {
      name: 'E-book: Guia de Vendas Online',
      description: 'Guia completo em PDF para começar a vender pela internet.',
      price_cents: 2990,
      type: 'DIGITAL' as const,
      stock: null,
      digital_file_url: 'https://example.com/downloads/guia-de-vendas-online.pdf',
    },
    {
      name: 'Caneca Personalizada',
      description: 'Caneca de cerâmica 325 ml.',
      price_cents: 3990,
      type: 'PHYSICAL' as const,
      stock: 20,
    },
  ]
  for (const p of products) await repo.insertProduct(db, { store_id: storeId, ...p })
}
