import { BadgeCheck, ChartBar, Hourglass, MessageSquare, Star, Trophy } from 'lucide-react'
import { REVIEW_CATEGORY_LABELS, type StoreStats } from '../../../../shared/reviews'
import { Alert, StatCard } from '../../../ui'
import { Counter } from '../counter'
import { formatRating } from '../stars'

const pct = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })
const num = new Intl.NumberFormat('pt-BR')

/** The stat cards, every figure counted by the server from this store's real reviews; '—' where there is none. */
export function ReviewStats({ stats }: { stats: StoreStats }) {
  return (
    <div className="stack">
      <div className="grid grid-4 rv-stats" data-testid="review-stats">
        <StatCard
          label="Avaliações publicadas"
          icon={<Star />}
          value={<Counter value={stats.totalReviews} />}
          hint={`${num.format(stats.allReviews)} no total, todas as situações`}
        />
        <StatCard
          label="Nota média"
          icon={<ChartBar />}
          value={stats.averageRating === null ? '—' : `${formatRating(stats.averageRating)} / 5`}
          hint={stats.averageRating === null ? 'Sem avaliações aprovadas ainda' : 'Das avaliações aprovadas'}
        />
        <StatCard
          label="Pendentes"
          icon={<Hourglass />}
          value={<Counter value={stats.pendingReviews} />}
          hint={
            stats.reportedReviews
              ? `${num.format(stats.reportedReviews)} publicada(s) denunciada(s)`
              : 'Aguardando moderação'
          }
        />
        <StatCard
          label="Compras verificadas"
          icon={<BadgeCheck />}
          value={<Counter value={stats.verifiedPurchases} />}
          hint="Ligadas a um pedido pago deste produto"
        />
        <StatCard
          label="Nota da loja"
          icon={<Trophy />}
          value={stats.storeScore === null ? '—' : `${formatRating(stats.storeScore)} / 10`}
          hint={REVIEW_CATEGORY_LABELS[stats.storeCategory]}
        />
        <StatCard
          label="Taxa de resposta"
          icon={<MessageSquare />}
          value={stats.responseRate === null ? '—' : `${pct.format(stats.responseRate)}%`}
          hint={
            stats.averageResponseHours === null
              ? 'Nenhuma avaliação de cliente moderada ainda'
              : `Moderação em ${pct.format(stats.averageResponseHours)} h, em média`
          }
        />
      </div>
      <Alert tone="info">
        A nota da loja é calculada aqui, a partir das suas avaliações aprovadas (média ÷ 5 × 10). Notas do Reclame Aqui,
        Trustpilot e Google não são exibidas: não há uma fonte real conectada a essas plataformas.
      </Alert>
    </div>
  )
}
