import type { DemoSeedContext } from '../types'
import { saveCustomization } from './customization'
import { createShippingOption } from './shipping'

/** The North's CEP ranges, dearer and slower in both of the demo's options. */
const northRule = (priceMultiplier: number, additionalDays: number) => ({
  name: 'Região Norte',
  zipCodePattern: '66000000-69999999, 76800000-77999999',
  priceMultiplier,
  additionalDays,
})

/** The demo store gets a PAC-like and an express option (dearer and slower for the North) and a customised look. */
export async function seedCheckoutDemo({ db, storeId }: DemoSeedContext) {
  await createShippingOption(db, storeId, {
    name: 'PAC',
    description: 'Entrega econômica pelos Correios',
    basePrice: 15.9,
    freeShippingThreshold: 199,
    estimatedDays: 7,
    active: true,
    zipCodeRules: [
      northRule(1.6, 5),
      { name: 'Nordeste', zipCodePattern: '4*, 5*, 60000000-65999999', priceMultiplier: 1.2, additionalDays: 2 },
    ],
  })
  await createShippingOption(db, storeId, {
    name: 'Expresso',
    description: 'Entrega rápida por transportadora',
    basePrice: 29.9,
    freeShippingThreshold: null,
    estimatedDays: 2,
    active: true,
    zipCodeRules: [
      northRule(1.8, 3),
      { name: 'Capital SP', zipCodePattern: '01000000-05999999', priceMultiplier: 0.8, additionalDays: 0 },
    ],
  })
  await saveCustomization(db, storeId, {
    primaryColor: '#7C3AED',
    secondaryColor: '#5B21B6',
    accentColor: '#F59E0B',
    buttonRadius: 10,
    checkoutTitle: 'Finalizar Compra na Loja Demo',
    customHeaderHtml: '<p style="text-align: center"><strong>Frete grátis</strong> no PAC acima de R$ 199!</p>',
    customFooterHtml: '<p style="text-align: center">Loja Demo · CNPJ 00.000.000/0001-00 · atendimento@demo.com.br</p>',
    customCss: '.ck-title { letter-spacing: 0.02em; }',
  })
}
