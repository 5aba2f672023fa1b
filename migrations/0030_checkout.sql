-- Shipping options a store offers; zone rules live with their option (they are always read and written together).
create table shipping_options (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  name text not null,
  description text,
  base_price_cents bigint not null check (base_price_cents >= 0),
  free_shipping_threshold_cents bigint check (free_shipping_threshold_cents >= 0),
  estimated_days integer not null check (estimated_days >= 1),
  active boolean not null default true,
  -- [{ name, zipCodePattern, priceMultiplier, additionalDays }]
  zip_code_rules jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index shipping_options_store_idx on shipping_options (store_id, created_at);

-- One row per store once the owner saves; absent means every default applies. The header, footer and CSS are kept as
-- the merchant typed them and sanitised whenever they are served to a buyer.
create table checkout_customizations (
  store_id uuid primary key references stores (id) on delete cascade,
  primary_color text not null,
  secondary_color text not null,
  background_color text not null,
  accent_color text not null,
  font_family text not null,
  button_radius integer not null check (button_radius between 0 and 20),
  show_store_logo boolean not null,
  custom_logo_url text,
  custom_banner_url text,
  custom_header_html text,
  custom_footer_html text,
  custom_css text,
  -- null: the default text (which differs between the physical and the digital checkout)
  checkout_title text,
  thank_you_title text,
  thank_you_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
