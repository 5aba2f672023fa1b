-- PIX Automático (issue 36 item 3, through the gateway port of issue 32): the mandates a store asked for and the
-- recurring charges sent on them. The gateway holds the money; these rows hold what we asked and what it answered.
create table payment_pix_authorizations (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  -- The account that made it (reads, charges, cancellation go there); null: the configuration screen's key.
  account_id uuid references payment_accounts (id) on delete set null,
  gateway_id text not null,
  customer_email text not null,
  customer_ref text,
  contract_ref text not null,
  frequency text not null,
  amount_cents integer check (amount_cents > 0),
  first_amount_cents integer not null check (first_amount_cents > 0),
  status text not null default 'PENDING',
  qrcode text,
  qr_expires_at timestamptz,
  first_paid_at timestamptz,
  cancelled_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (gateway_id, account_id)
);
create index payment_pix_authorizations_store_idx on payment_pix_authorizations (store_id, contract_ref);

create table payment_pix_charges (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  authorization_id uuid not null references payment_pix_authorizations (id) on delete cascade,
  gateway_id text,
  external_ref text not null,
  amount_cents integer not null check (amount_cents > 0),
  -- Days as YYYY-MM-DD text (São Paulo): compared as strings, never shifted by a time zone.
  due_date text not null check (due_date ~ '^\d{4}-\d{2}-\d{2}$'),
  -- The first attempt's due date: retries stay within 7 days of it.
  original_due_date text not null,
  retry integer not null default 0 check (retry between 0 and 3),
  status text not null default 'SCHEDULED',
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One attempt per (charge, retry): a caller repeating itself gets the same charge, never a second debit.
  unique (authorization_id, external_ref, retry)
);
create index payment_pix_charges_gateway_idx on payment_pix_charges (gateway_id);

-- The built-in sandbox's side (it plays the gateway): its mandates and the instructions it debits on their date.
create table payment_sandbox_pix_authorizations (
  id text primary key,
  -- sha256 of the merchant's key (as payment_sandbox_transactions.account): never the key itself.
  api_key text not null,
  contract_ref text not null,
  customer_ref text not null,
  amount_cents integer,
  first_amount_cents integer not null,
  status text not null default 'CREATED',
  qrcode text not null,
  qr_expires_at timestamptz not null,
  first_paid_at timestamptz,
  cancellation_reason text,
  -- 'Simular saldo insuficiente': every debit of this mandate fails until switched off.
  insufficient_funds boolean not null default false,
  created_at timestamptz not null default now()
);
create table payment_sandbox_pix_charges (
  id text primary key,
  -- sha256 of the merchant's key (as payment_sandbox_transactions.account): never the key itself.
  api_key text not null,
  authorization_id text not null references payment_sandbox_pix_authorizations (id) on delete cascade,
  amount_cents integer not null,
  due_date text not null,
  external_ref text not null,
  status text not null default 'SCHEDULED',
  paid_at timestamptz,
  created_at timestamptz not null default now()
);
create index payment_sandbox_pix_charges_due_idx on payment_sandbox_pix_charges (status, due_date);
