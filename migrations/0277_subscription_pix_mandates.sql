-- Subscriptions by PIX Automático (issue 36): the mandate (payments' authorisation) a checkout order's QR asked for.
-- The QR pays that order (cycle 1) and grants the mandate; every later cycle is charged on it.
create table subscription_pix_mandates (
  first_order_id uuid primary key,
  store_id uuid not null references stores (id) on delete cascade,
  plan_id uuid not null,
  -- payments' payment_pix_authorizations.id (read through paymentsService, never joined).
  authorization_id uuid not null unique,
  created_at timestamptz not null default now()
);
