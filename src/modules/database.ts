import type { ExpressionBuilder, Kysely, Transaction } from 'kysely'
import type { CompanionInsert } from '../platform/events'
import type { PlatformTables } from '../platform/tables'
import type { AffiliatesTables } from './affiliates/tables'
import type { BuyersTables } from './buyers/tables'
import type { CatalogTables } from './catalog/tables'
import type { CheckoutTables } from './checkout/tables'
import type { FulfilmentTables } from './fulfilment/tables'
import type { IdentityTables } from './identity/tables'
import type { IntegrationsTables } from './integrations/tables'
import type { MarketingTables } from './marketing/tables'
import type { NotificationsTables } from './notifications/tables'
import type { OrderingTables } from './ordering/tables'
import type { PaymentsTables } from './payments/tables'
import type { RecoveryTables } from './recovery/tables'
import type { ReportingTables } from './reporting/tables'
import type { ReviewsTables } from './reviews/tables'
import type { ShippingTables } from './shipping/tables'
import type { StoreTables } from './stores/tables'
import type { SubscriptionsTables } from './subscriptions/tables'
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
    ShippingTables,
    FulfilmentTables,
    AffiliatesTables,
    BuyersTables,
    SubscriptionsTables {}

/**
 * A handle on the whole database, for a statement composed of several modules' parts (the one-statement order
 * insert with its charge and event): each part is then type-checked against the tables it really writes. The
 * travelling handle (platform/db.ts `Db`) is assignable to it.
 */
export type ComposedDb = Kysely<Database> | Transaction<Database>

/** What a module gets to compute a column inside another module's select (catalog's findProductWith). */
export type ComposedColumns = ExpressionBuilder<Database, never>

/** One module's write run as a part (a CTE) of another module's statement. */
export type Companion<T extends keyof Database & string> = CompanionInsert<Database, T>
