import type { PlatformTables } from '../platform/tables'
import type { BuyersTables } from './buyers/tables'
import type { CatalogTables } from './catalog/tables'
import type { CheckoutTables } from './checkout/tables'
import type { IdentityTables } from './identity/tables'
import type { IntegrationsTables } from './integrations/tables'
import type { MarketingTables } from './marketing/tables'
import type { NotificationsTables } from './notifications/tables'
import type { OrderingTables } from './ordering/tables'
import type { PaymentsTables } from './payments/tables'
import type { RecoveryTables } from './recovery/tables'
import type { ReportingTables } from './reporting/tables'
import type { ReviewsTables } from './reviews/tables'
import type { StoreTables } from './stores/tables'
import type { TrackingTables } from './tracking/tables'

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
    NotificationsTables,
    RecoveryTables,
    BuyersTables {}
