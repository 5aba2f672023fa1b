-- Payments: per-store gateway configuration, our record of each charge, and the built-in gateway sandbox's state.
create table payment_configs (
  store_id uuid primary key references stores (id) on delete cascade,
  -- AES-256-GCM (platform/crypto encryptSecret); the plain key is never stored nor returned.
  api_key_encrypted text,
  api_key_masked text,
  active boolean not null default false,
  pix_enabled boolean not null default true,
  credit_card_enabled boolean not null default true,
  boleto_enabled boolean not null default true,
  credit_card_max_installments integer not null default 12 check (credit_card_max_installments between 1 and 24),
  boleto_expiration_days integer not null default 3 check (boleto_expiration_days between 1 and 30),
  last_checked_at timestamptz,
  last_check_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table payment_transactions (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  order_ref text not null,
  gateway_id text,
  method text not null check (method in ('PIX', 'CREDIT_CARD', 'BOLETO')),
  amount_cents bigint not null check (amount_cents > 0),
  installments integer,
  -- CREATING: row written, gateway not answered yet; FAILED: the gateway rejected the creation.
  status text not null default 'CREATING'
    check (status in ('CREATING', 'FAILED', 'PENDING', 'PAID', 'REFUSED', 'EXPIRED', 'CANCELLED', 'REFUNDED')),
  pix_code text,
  pix_expires_at timestamptz,
  boleto_url text,
  boleto_line text,
  payment_url text,
  expires_at timestamptz,
  card_last4 text,
  card_brand text,
  refused_reason text,
  error_message text,
  -- customer, items, ip and metadata as sent (never card data).
  request jsonb not null,
  sandbox boolean not null default false,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index payment_transactions_gateway_idx on payment_transactions (gateway_id) where gateway_id is not null;
create index payment_transactions_store_idx on payment_transactions (store_id, created_at desc);
create index payment_transactions_store_status_idx on payment_transactions (store_id, status, created_at desc);
create index payment_transactions_order_idx on payment_transactions (order_ref);

-- The sandbox gateway's own transactions (development, demo and tests only; empty in production).
create table payment_sandbox_transactions (
  id uuid primary key default gen_random_uuid(),
  -- sha256 of the secret key that created it: another key cannot read it.
  account text not null,
  status text not null,
  amount bigint not null,
  payment_method text not null,
  installments integer,
  pix_qrcode text,
  pix_expiration_date timestamptz,
  boleto_url text,
  boleto_digitable_line text,
  boleto_barcode text,
  boleto_due_date text,
  card_last_digits text,
  card_brand text,
  refused_reason text,
  customer jsonb not null,
  items jsonb not null,
  metadata jsonb,
  external_ref text,
  ip text,
  postback_url text,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payment_sandbox_account_idx on payment_sandbox_transactions (account, created_at desc);
