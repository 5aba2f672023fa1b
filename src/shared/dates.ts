export const TIME_ZONE = 'America/Sao_Paulo'

const dateFmt = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})
const dateTimeFmt = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

// Delivery logs show seconds: retries of one message are often seconds apart.
const logTimeFmt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: TIME_ZONE })

function toDate(value: Date | string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? undefined : d
}

/** 23/11/2026 in São Paulo time; '--' when there is no valid date. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const d = toDate(value)
  return d ? dateFmt.format(d) : '--'
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  const d = toDate(value)
  return d ? dateTimeFmt.format(d).replace(',', '') : '--'
}

/** 23/11/2026, 14:05:09 in São Paulo time, for delivery logs; '--' when there is no valid date. */
export function formatLogTime(value: Date | string | number | null | undefined): string {
  const d = toDate(value)
  return d ? logTimeFmt.format(d) : '--'
}

/** The calendar day (YYYY-MM-DD) of an instant in São Paulo, for "today" and "yesterday" periods. */
export function saoPauloDay(value: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(value)
}
