/** The footer every page of a stamped PDF carries (apart from stamp.ts, which loads pdf-lib). */
export function stampText(o: { name: string; email: string; orderNumber: number }): string {
  return `Licenciado para ${o.name} · ${o.email} · pedido #${o.orderNumber}`
}
