/**
 * Order-bump and upsell constants and messages without zod, so the buyer's lazily loaded widget does not pull the
 * validation library into the checkout (see marketing.ts for the schemas).
 */
export const BUMP_DISCOUNT_TYPES = ['NONE', 'PERCENTAGE', 'FIXED'] as const
export type BumpDiscountType = (typeof BUMP_DISCOUNT_TYPES)[number]
export const BUMP_POSITIONS = ['BEFORE_PAYMENT', 'AFTER_SHIPPING', 'IN_CART'] as const
export type BumpPosition = (typeof BUMP_POSITIONS)[number]
export const BUMP_TEMPLATES = ['SIMPLE', 'FEATURED', 'MINIMAL', 'URGENT'] as const
export type BumpTemplate = (typeof BUMP_TEMPLATES)[number]

export const DEFAULT_BUTTON_COLOR = '#3B82F6'
/** The buyer widget reloads this long after its inputs change (spec 002 §9). */
export const BUMP_DEBOUNCE_MS = 300
export const PERCENT_MAX = 100
export const BUMPS_PER_ORDER_MAX = 10

export const BUMP_DISCOUNT_LABELS: Record<BumpDiscountType, string> = {
  NONE: 'Sem desconto',
  PERCENTAGE: 'Percentual (%)',
  FIXED: 'Valor fixo (R$)',
}
export const BUMP_POSITION_LABELS: Record<BumpPosition, string> = {
  BEFORE_PAYMENT: 'Antes do pagamento',
  AFTER_SHIPPING: 'Após o frete',
  IN_CART: 'No carrinho',
}
export const BUMP_TEMPLATE_LABELS: Record<BumpTemplate, string> = {
  SIMPLE: 'Simples',
  FEATURED: 'Destaque',
  MINIMAL: 'Minimalista',
  URGENT: 'Urgente',
}

export const BUMP_MESSAGES = {
  title: 'Título é obrigatório',
  product: 'Produto é obrigatório',
  discountValue: 'Valor do desconto deve ser maior que zero',
  percentMax: 'Percentual não pode ser maior que 100%',
  maxCart: 'Valor máximo deve ser maior que o mínimo',
  discountOverPrice: 'O desconto não pode ser maior que o preço do produto',
  notFound: 'Order bump não encontrado',
  productNotFound: 'Produto não encontrado nesta loja',
  showOnProducts: 'Produtos de exibição inválidos',
  color: 'Cor inválida: use o formato #RRGGBB',
  amount: 'Valor inválido',
  loadFailed: 'Erro ao carregar order bumps',
  deleteFailed: 'Erro ao deletar order bump',
  saveFailed: 'Erro ao criar/atualizar order bump',
  created: 'Order bump criado com sucesso!',
  updated: 'Order bump atualizado com sucesso!',
  deleted: 'Order bump deletado com sucesso!',
  confirmDelete: 'Tem certeza que deseja deletar este order bump?',
  /** At order creation: a bump id the buyer sent that this checkout does not offer. */
  unavailable: 'Uma das ofertas adicionais não está mais disponível. Atualize a página e tente novamente.',
  soldOut: (title: string) => `A oferta "${title}" esgotou. Remova-a para concluir a compra.`,
  widgetTitle: 'Ofertas Especiais Para Você!',
} as const
