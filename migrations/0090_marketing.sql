-- Order bumps: a discounted extra product offered during checkout. Money in cents; a PERCENTAGE discount is kept
-- in basis points (12.5 % = 1250) so no float reaches a price. The counters are written only by the worker, from
-- the dedupe rows below, so a request can never bump them directly.
create table order_bumps (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  product_id uuid not null references products (id) on delete cascade,
  title text not null check (btrim(title) <> ''),
  description text,
  discount_type text not null default 'NONE' check (discount_type in ('NONE', 'PERCENTAGE', 'FIXED')),
  discount_value bigint check (discount_value is null or discount_value > 0),
  original_price_cents bigint check (original_price_cents is null or original_price_cents >= 0),
  position text not null default 'BEFORE_PAYMENT' check (position in ('BEFORE_PAYMENT', 'AFTER_SHIPPING', 'IN_CART')),
  template text not null default 'SIMPLE' check (template in ('SIMPLE', 'FEATURED', 'MINIMAL', 'URGENT')),
  button_text text,
  button_color text not null default '#3B82F6',
  active boolean not null default true,
  min_cart_cents bigint,
  max_cart_cents bigint,
  show_on_products uuid[] not null default '{}',
  display_count integer not null default 0,
  add_count integer not null default 0,
  conversion_count integer not null default 0,
  revenue_cents bigint not null default 0,
  paid_conversion_count integer not null default 0,
  paid_revenue_cents bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint order_bumps_cart_range check (min_cart_cents is null or max_cart_cents is null or max_cart_cents > min_cart_cents)
);
create index order_bumps_store_idx on order_bumps (store_id, created_at desc);

-- One row per bump, visit and kind (DISPLAY, ADD): the worker counts a visit once however often the page calls.
create table order_bump_visits (
  bump_id uuid not null references order_bumps (id) on delete cascade,
  visit_key text not null,
  kind text not null check (kind in ('DISPLAY', 'ADD')),
  created_at timestamptz not null default now(),
  primary key (bump_id, kind, visit_key)
);

-- The bumps an order was placed with, written in the order's own transaction (marketingService.recordOrderBumps).
-- The worker counts each row once as a conversion (order.placed) and once as a paid one (order.paid).
create table order_bump_orders (
  order_id uuid not null,
  bump_id uuid not null references order_bumps (id) on delete cascade,
  store_id uuid not null references stores (id) on delete cascade,
  revenue_cents bigint not null check (revenue_cents >= 0),
  placed_counted boolean not null default false,
  paid_counted boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (order_id, bump_id)
);
create index order_bump_orders_bump_idx on order_bump_orders (bump_id);

-- Post-purchase redirect links. At most one active link per store, held by the database itself.
create table upsells (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  title text not null check (btrim(title) <> ''),
  redirect_url text not null check (redirect_url ~* '^https?://'),
  description text,
  delay_seconds integer not null default 3 check (delay_seconds between 0 and 60),
  show_countdown boolean not null default true,
  template text not null default 'SIMPLE',
  button_text text not null default 'Continuar',
  button_color text not null default '#3B82F6',
  skip_text text not null default 'Pular',
  active boolean not null default false,
  display_count integer not null default 0,
  click_count integer not null default 0,
  skip_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index upsells_store_idx on upsells (store_id, created_at desc);
create unique index upsells_one_active_per_store on upsells (store_id) where active;

create table upsell_visits (
  upsell_id uuid not null references upsells (id) on delete cascade,
  visit_key text not null,
  kind text not null check (kind in ('DISPLAY', 'CLICK', 'SKIP')),
  created_at timestamptz not null default now(),
  primary key (upsell_id, kind, visit_key)
);

-- ordering's item lines say which came from a bump (null: the checkout's own product).
alter table order_items add column bump_id uuid;
