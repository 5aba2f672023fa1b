-- Per-store human order numbers: one row per store, bumped in the order's transaction (#1001, #1002, ...).
create table order_counters (
  store_id uuid primary key references stores (id) on delete cascade,
  last_number integer not null
);

create table orders (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  order_number integer not null,
  status text not null default 'PENDING'
    check (status in ('PENDING', 'PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'REFUNDED')),
  product_type text not null check (product_type in ('PHYSICAL', 'DIGITAL')),
  customer_name text not null,
  customer_email text not null,
  customer_phone text not null,
  customer_document text not null,
  -- { street, number, complement, neighborhood, city, state, zipCode }; null for digital orders
  shipping_address jsonb,
  shipping_option_id text,
  shipping_method text,
  estimated_delivery text,
  subtotal_cents bigint not null check (subtotal_cents >= 0),
  shipping_cents bigint not null default 0 check (shipping_cents >= 0),
  total_cents bigint not null check (total_cents >= 0),
  payment_method text not null check (payment_method in ('PIX', 'CREDIT_CARD', 'BANK_SLIP')),
  installments integer,
  -- the payments module's transaction id and the gateway's, filled once the charge exists
  transaction_id text,
  gateway_id text,
  pix_code text,
  pix_expires_at timestamptz,
  payment_url text,
  boleto_url text,
  boleto_line text,
  sandbox boolean not null default false,
  -- true once the reserved stock went back: a cancellation gives it back exactly once
  stock_released boolean not null default false,
  notes text,
  paid_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (store_id, order_number)
);
-- the store orders page and the store dashboard, newest first
create index orders_store_created_idx on orders (store_id, created_at desc);
-- the admin dashboard over a period
create index orders_created_idx on orders (created_at desc);
create index orders_transaction_idx on orders (transaction_id) where transaction_id is not null;

create table order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders (id) on delete cascade,
  product_id uuid not null,
  name text not null,
  image_url text,
  quantity integer not null check (quantity > 0),
  unit_price_cents bigint not null check (unit_price_cents >= 0),
  total_cents bigint not null check (total_cents >= 0)
);
create index order_items_order_idx on order_items (order_id);

-- Idempotency-Key of order creation: the first request owns the key; the stored answer is replayed to repeats.
create table order_idempotency_keys (
  scope text not null,
  key text not null,
  fingerprint text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);
create index order_idempotency_created_idx on order_idempotency_keys (created_at);
