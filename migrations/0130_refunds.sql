-- Refunds asked from the merchant's order screen (ordering) and the refunds the gateway reports (payments).
--
-- ordering: one row per refund of an order. PENDING while the gateway call is in flight: it reserves its amount
-- under the order's row lock, so concurrent clicks can never ask the gateway for more than was paid. The gateway's
-- refund id is unique: its postback, or the answer of the call, completes the refund once.
create table order_refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders (id) on delete cascade,
  store_id uuid not null,
  item_id uuid,
  amount_cents bigint not null check (amount_cents > 0),
  reason text not null,
  status text not null check (status in ('PENDING', 'SUCCEEDED', 'FAILED')),
  gateway_refund_id text unique,
  error_message text,
  requested_by uuid,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index order_refunds_order_idx on order_refunds (order_id, created_at);
-- A line is refunded at most once (a failed attempt does not count).
create unique index order_refunds_item_idx on order_refunds (item_id) where item_id is not null and status <> 'FAILED';

alter table orders add column refunded_cents bigint not null default 0;
alter table orders add constraint orders_refunded_le_total check (refunded_cents <= total_cents);
-- A refunded line: its stock came back (physical, not shipped) and its digital access stopped.
alter table order_items add column refunded_at timestamptz;

-- payments: every refund the gateway reported for a charge, so each is announced once (payment.refunded).
create table payment_refunds (
  transaction_id uuid not null references payment_transactions (id) on delete cascade,
  gateway_refund_id text not null,
  amount_cents bigint not null,
  external_ref text,
  created_at timestamptz not null default now(),
  primary key (transaction_id, gateway_refund_id)
);

-- The sandbox gateway keeps the refunds of a transaction as a real gateway reports them.
alter table payment_sandbox_transactions add column refunded_amount bigint not null default 0;
alter table payment_sandbox_transactions add column refunds jsonb not null default '[]';
