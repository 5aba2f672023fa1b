import { OrdersScreen } from './orders-page'

/** The admin's platform orders ('Ver todas' on the general dashboard): every store's orders, same filters. */
export default function AdminOrdersPage() {
  return <OrdersScreen scope="platform" />
}
