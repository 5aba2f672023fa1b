import { Trophy } from 'lucide-react'
import { formatBRL } from '../../../../shared/money'
import { milestoneProgress } from '../model'

const short = (n: number) => (n >= 1_000_000 ? 'R$ 1 milhão' : `R$ ${(n / 1000).toLocaleString('pt-BR')} mil`)

/** 'Premiação Total': progress to the next revenue milestone on all-time paid revenue. */
export function MilestoneCard({ revenue, loading }: { revenue: number | undefined; loading: boolean }) {
  const p = milestoneProgress(revenue ?? 0)
  return (
    <section className="stat-card sd-milestone">
      <div className="stat-top">
        <span className="stat-label">Premiação Total</span>
        <span className="stat-icon" aria-hidden>
          <Trophy />
        </span>
      </div>
      <div className="stat-value">{loading ? '...' : `${p.percent.toLocaleString('pt-BR')}%`}</div>
      <div
        className="sd-progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p.percent}
        aria-label="Progresso da meta"
      >
        <span style={{ width: `${p.percent}%` }} />
      </div>
      <div className="stat-hint">
        {p.achieved.length > 0 ? `Conquistadas: ${p.achieved.map(short).join(', ')}` : 'Nenhuma meta conquistada ainda'}
      </div>
      <div className="stat-hint">
        {p.next === null
          ? 'Todas as metas conquistadas!'
          : `Próxima meta: ${formatBRL(p.next)} · Faltam ${formatBRL(p.remaining)}`}
      </div>
      <div className="stat-hint">Faturamento total: {formatBRL(revenue ?? 0)}</div>
    </section>
  )
}
