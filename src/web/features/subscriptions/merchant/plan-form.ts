import { z } from 'zod'
import type { IntervalUnit, Plan, PlanInput } from '../model'

const INTERVAL_MAX: Record<IntervalUnit, number> = { WEEK: 52, MONTH: 12, YEAR: 1 }
const INTERVAL_MESSAGES: Record<IntervalUnit, string> = {
  WEEK: 'Intervalo entre 1 e 52 semanas',
  MONTH: 'Intervalo entre 1 e 12 meses',
  YEAR: 'Planos anuais cobram a cada 1 ano',
}

// The plan editor's rules: the issue's bad-input list (price > 0, 1–12 months or 1–52 weeks, trial ≤ 365 days),
// said under each field before the request; the server checks the same rules again.

/** The plan editor's form: reais as typed ('49,90'), numbers as text, as the inputs hold them. */
export const planFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Informe o nome do plano').max(80, 'Use no máximo 80 caracteres'),
    price: z
      .string()
      .trim()
      .regex(/^\d+([.,]\d{1,2})?$/, 'Informe o preço, como 49,90')
      .refine((v) => Number(v.replace(',', '.')) > 0, 'O preço deve ser maior que zero'),
    intervalUnit: z.enum(['WEEK', 'MONTH', 'YEAR']),
    intervalCount: z.coerce.number().int('Use um número inteiro').min(1, 'O intervalo mínimo é 1'),
    trialDays: z.coerce
      .number()
      .int('Use um número inteiro')
      .min(0, 'Os dias grátis não podem ser negativos')
      .max(365, 'O teste grátis pode ter no máximo 365 dias'),
    maxCycles: z
      .string()
      .trim()
      .regex(/^\d*$/, 'Use um número inteiro')
      .refine((v) => v === '' || Number(v) >= 1, 'Deixe em branco ou informe 1 ou mais'),
    methods: z
      .array(z.enum(['credit_card', 'pix_automatic', 'pix', 'bank_slip']))
      .min(1, 'Escolha uma forma de pagamento'),
    active: z.boolean(),
  })
  // Checked even when other fields fail (zod's `when`), so every wrong field is said in one go.
  .refine((v) => v.intervalCount <= INTERVAL_MAX[v.intervalUnit], {
    path: ['intervalCount'],
    error: (issue) => INTERVAL_MESSAGES[(issue.input as { intervalUnit: IntervalUnit }).intervalUnit],
    when: ({ value }) => {
      const v = value as { intervalUnit?: unknown; intervalCount?: unknown }
      return typeof v.intervalUnit === 'string' && v.intervalUnit in INTERVAL_MAX && Number.isInteger(v.intervalCount)
    },
  })

export type PlanFormValues = z.input<typeof planFormSchema>

export const EMPTY_PLAN_FORM: PlanFormValues = {
  name: '',
  price: '',
  intervalUnit: 'MONTH',
  intervalCount: '1',
  trialDays: '0',
  maxCycles: '',
  methods: ['credit_card'],
  active: true,
}

export function planToForm(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    price: (plan.priceCents / 100).toFixed(2).replace('.', ','),
    intervalUnit: plan.intervalUnit,
    intervalCount: String(plan.intervalCount),
    trialDays: String(plan.trialDays),
    maxCycles: plan.maxCycles ? String(plan.maxCycles) : '',
    methods: plan.methods,
    active: plan.active,
  }
}

/** The form's values as the API takes them (price in integer cents). */
export function formToPlan(values: z.output<typeof planFormSchema>): PlanInput {
  return {
    name: values.name,
    priceCents: Math.round(Number(values.price.replace(',', '.')) * 100),
    intervalUnit: values.intervalUnit,
    intervalCount: values.intervalCount,
    trialDays: values.trialDays,
    maxCycles: values.maxCycles === '' ? null : Number(values.maxCycles),
    methods: values.methods,
    active: values.active,
  }
}
