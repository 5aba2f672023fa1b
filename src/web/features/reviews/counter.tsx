import { useCountUp } from '../../lib/count-up'

const num = new Intl.NumberFormat('pt-BR')

/** A review counter that counts up when shown (400–1200 ms; at once with prefers-reduced-motion). */
export function Counter({ value }: { value: number }) {
  const shown = useCountUp(value)
  return (
    <span className="rv-counter" data-value={value}>
      {num.format(shown)}
    </span>
  )
}
