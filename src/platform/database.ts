import type { CatalogTables } from '../modules/catalog/tables'
import type { CheckoutTables } from '../modules/checkout/tables'
import type { IdentityTables } from '../modules/identity/tables'
import type { IntegrationsTables } from '../modules/integrations/tables'
import type { MarketingTables } from '../modules/marketing/tables'
import type { NotificationsTables } from '../modules/notifications/tables'
import type { OrderingTables } from '../modules/ordering/tables'
import type { PaymentsTables } from '../modules/payments/tables'
import type { RecoveryTables } from '../modules/recovery/tables'
import type { ReportingTables } from '../modules/reporting/tables'
import type { ReviewsTables } from '../modules/reviews/tables'
import type { StoreTables } from '../modules/stores/tables'
import type { TrackingTables } from '../modules/tracking/tables'
import type { PlatformTables } from './tables'

/** Every table of the database: each module declares its own in its tables.ts; this is where they meet. */
export interface Database
  extends PlatformTables,
    IdentityTables,
    StoreTables,
    CatalogTables,
    PaymentsTables,
    CheckoutTables,
    OrderingTables,
    IntegrationsTables,
    MarketingTables,
    ReportingTables,
    ReviewsTables,
    TrackingTables,
    RecoveryTables,
    NotificationsTables {}
