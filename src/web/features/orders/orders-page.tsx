export default function OrdersPage() {
  return <p>Pedidos</p>
}
