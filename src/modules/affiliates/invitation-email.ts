/**
 * The co-producer's invitation e-mail: who invites, to which product, for which share, and the link to accept it on
 * 'Minhas afiliações' — where only the account with the invited e-mail sees and accepts it.
 */
import type { z } from 'zod'
import type { JobContext } from '../../platform/jobs'
import { catalogService } from '../catalog'
import { notificationsService } from '../notifications'
import { storesService } from '../stores'
import type { coproducerInvited } from './events'

type Invited = z.output<(typeof coproducerInvited)['schema']>

const percent = (bps: number) => `${(bps / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`

export const acceptUrl = (publicUrl: string, coproducerId: string) =>
  `${publicUrl}/afiliacoes?coproducao=${encodeURIComponent(coproducerId)}`

export async function sendInvitation(ctx: JobContext, p: Invited): Promise<void> {
  const product = await catalogService.findProduct(ctx.db, p.storeId, p.productId)
  const store = await storesService.findStoreById(ctx.db, p.storeId)
  if (!product || !store) return // removed since: nothing left to accept
  await notificationsService.sendStoreMessage(
    { db: ctx.db, jobs: ctx.jobs, config: ctx.config, log: ctx.log },
    {
      storeId: p.storeId,
      subjectId: p.coproducerId,
      kind: 'affiliates.coproducer_invite',
      to: { name: p.email, email: p.email },
      subject: `Convite de coprodução: ${product.name}`,
      message: {
        preview: `${store.name} convidou você para ser coprodutor de ${product.name}`,
        heading: 'Você recebeu um convite de coprodução',
        paragraphs: [
          `${store.name} convidou você para ser coprodutor de ${product.name}, com ${percent(p.shareBps)} de cada venda (calculados depois da comissão do afiliado e das taxas).`,
          `Entre na plataforma com este e-mail (${p.email}) ou crie sua conta com ele e aceite o convite em Minhas afiliações.`,
        ],
        button: { label: 'Aceitar convite', url: acceptUrl(ctx.config.publicUrl, p.coproducerId) },
      },
    },
  )
}
