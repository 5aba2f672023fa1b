-- Prices the Brazilian way (issue 25): coupons per store, a discount per payment method, installments with or
-- without interest. Rates are basis points (5% = 500) so no float reaches a price; money is cents.

-- Payment settings: the PIX and boleto discounts and the interest rules ('sem juros até' M; null = every plan).
alter table payment_configs
  add column pix_discount_bp integer not null default 0 check (pix_discount_bp between 0 and 9000),
  add column boleto_discount_bp integer not null default 0 check (boleto_discount_bp between 0 and 9000),
  add column interest_free_installments integer check (interest_free_installments between 1 and 24),
  add column monthly_interest_bp integer not null default 0 check (monthly_interest_bp between 0 and 1000);

-- A store's coupons. The code is unique per store ignoring case among the coupons not deleted; two stores may
-- share a code. uses_count is moved only by the claim in the order's transaction (a conditional update, so the last
-- use goes to exactly one order) and by the give-back when that order is cancelled or expires.
create table coupons (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  code text not null check (code ~ '^[A-Za-z0-9_-]{1,40}$'),
  discount_type text not null check (discount_type in ('PERCENTAGE', 'FIXED')),
  discount_value bigint not null check (discount_value > 0),
  min_order_cents bigint check (min_order_cents is null or min_order_cents >= 0),
  starts_at timestamptz,
  ends_at timestamptz,
  max_uses integer check (max_uses is null or max_uses > 0),
  max_uses_per_email integer check (max_uses_per_email is null or max_uses_per_email > 0),
  product_ids uuid[] not null default '{}',
  applies_to_bumps boolean not null default false,
  active boolean not null default true,
  uses_count integer not null default 0 check (uses_count >= 0),
  paid_count integer not null default 0,
  revenue_cents bigint not null default 0,
  discount_given_cents bigint not null default 0,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint coupons_percentage_max check (discount_type <> 'PERCENTAGE' or discount_value <= 10000),
  constraint coupons_period check (starts_at is null or ends_at is null or ends_at > starts_at)
);
create unique index coupons_store_code_key on coupons (store_id, lower(code)) where deleted_at is null;
create index coupons_store_idx on coupons (store_id, created_at desc);

-- One row per order that used a coupon, written in the order's transaction. released_at marks the use given back
-- (once: the give-back updates only a row still unreleased); paid_at the revenue counted (once).
create table coupon_redemptions (
  order_id uuid primary key,
  coupon_id uuid not null references coupons (id) on delete cascade,
  store_id uuid not null references stores (id) on delete cascade,
  email text not null,
  discount_cents bigint not null check (discount_cents >= 0),
  order_total_cents bigint not null check (order_total_cents >= 0),
  released_at timestamptz,
  paid_at timestamptz,
  created_at timestamptz not null default now()
);
create index coupon_redemptions_email_idx on coupon_redemptions (coupon_id, email) where released_at is null;

-- The order carries its price's steps: the coupon it used, both discounts and the interest.
alter table orders
  add column coupon_code text,
  add column coupon_discount_cents bigint not null default 0,
  add column method_discount_cents bigint not null default 0,
  add column interest_cents bigint not null default 0,
  add column installment_cents bigint;
create index orders_coupon_idx on orders (store_id, lower(coupon_code)) where coupon_code is not null;

-- Each line's share of the discounts, so a line's price after them is total_cents − discount_cents.
alter table order_items add column discount_cents bigint not null default 0;
