-- Per-store shipping settings. The spec's fallback prices (R$ 10 / R$ 25) are offered only when the merchant turned
-- them on; without a row the store has no fallback, so a store with no active option never charges invented prices.
create table shipping_settings (
  store_id uuid primary key references stores (id) on delete cascade,
  fallback_enabled boolean not null default false,
  updated_at timestamptz not null default now()
);
