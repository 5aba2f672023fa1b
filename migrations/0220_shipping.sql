-- Issue 38: product logistics, the store's Melhor Envio connection, quotes cached per package, and shipments.

-- What a real freight quote needs; null until the merchant fills them (a product without them gets zone quotes only).
alter table products
  add column weight_grams integer check (weight_grams between 1 and 30000),
  add column height_cm integer check (height_cm between 1 and 100),
  add column width_cm integer check (width_cm between 1 and 100),
  add column length_cm integer check (length_cm between 1 and 100);

-- The merchant's Melhor Envio token is encrypted at rest (src/platform/crypto.ts) and shown masked only.
create table melhor_envio_settings (
  store_id uuid primary key references stores (id) on delete cascade,
  token_encrypted text,
  token_masked text,
  origin_cep text not null check (origin_cep ~ '^\d{8}$'),
  services integer[] not null,
  markup_type text not null default 'FIXED' check (markup_type in ('FIXED', 'PERCENT')),
  -- cents for FIXED, basis points for PERCENT
  markup_amount integer not null default 0 check (markup_amount >= 0),
  free_above_cents bigint check (free_above_cents >= 0),
  -- the sender printed on labels (name, document, phone, street, number, district, city, state)
  sender jsonb,
  active boolean not null default false,
  updated_at timestamptz not null default now()
);

-- Melhor Envio's price per (store, origin, destination, package, service): reused for 10 minutes by the buyer page,
-- and the price an order is charged (the buyer sends an option id, never a price).
create table shipping_quotes (
  store_id uuid not null references stores (id) on delete cascade,
  origin_cep text not null,
  destination_cep text not null,
  package_key text not null,
  service_id integer not null,
  name text not null,
  price_cents bigint not null check (price_cents >= 0),
  days integer not null,
  quoted_at timestamptz not null default now(),
  primary key (store_id, origin_cep, destination_cep, package_key, service_id)
);
create index shipping_quotes_quoted_idx on shipping_quotes (quoted_at);

-- One shipment per order: the unique order_id is what makes two concurrent 'Gerar etiqueta' clicks buy one label.
create table shipments (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  order_id uuid not null unique,
  kind text not null check (kind in ('LABEL', 'MANUAL')),
  carrier text not null,
  service_id integer,
  tracking_code text,
  tracking_url text,
  me_order_id text,
  me_protocol text,
  -- the label's PDF as Melhor Envio printed it (it carries the buyer's address: served to the store's owner only)
  label_pdf bytea,
  status text not null check (status in ('BUYING', 'SHIPPED', 'DELIVERED', 'FAILED')),
  error text,
  next_poll_at timestamptz,
  shipped_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index shipments_poll_idx on shipments (next_poll_at) where status = 'SHIPPED' and me_order_id is not null;
