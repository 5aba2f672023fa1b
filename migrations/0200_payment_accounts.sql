-- Gateway accounts per store (issue 32): which gateways charge for a store, in which order, for which methods.
-- The payment configuration screen's AtivoPay key (payment_configs) stays the account used when a store lists none.
create table payment_accounts (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  provider text not null check (provider in ('ativopay', 'asaas', 'sandbox')),
  label text not null,
  -- AES-256-GCM (platform/crypto encryptSecret), as payment_configs' key: never stored nor returned in clear.
  api_key_encrypted text not null,
  api_key_masked text not null,
  -- Asaas: the token the merchant sets on the webhook; the request's asaas-access-token header must equal it.
  webhook_token_encrypted text,
  methods text[] not null default '{pix,credit_card,bank_slip}',
  priority integer not null check (priority between 1 and 100),
  active boolean not null default true,
  last_checked_at timestamptz,
  last_check_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (store_id, priority) deferrable initially immediate
);
create index payment_accounts_store_idx on payment_accounts (store_id, priority);

-- Which account made a charge: reads, refunds and postbacks go to it (null: the payment_configs key).
alter table payment_transactions add column account_id uuid references payment_accounts (id) on delete set null;
-- Whether the store's methods are on through an account even with no key on the configuration screen.
alter table payment_configs add column routed boolean not null default false;

-- Asaas webhook events already applied (idempotent on the event id, per account).
create table payment_gateway_events (
  account_id uuid not null references payment_accounts (id) on delete cascade,
  event_id text not null,
  created_at timestamptz not null default now(),
  primary key (account_id, event_id)
);

-- Saved cards: a gateway token of (store, buyer e-mail) — never the number nor the CVV. expires_at set: kept only for
-- this purchase's offers (the buyer did not ask to keep it).
create table payment_instruments (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  buyer_email text not null,
  account_id uuid not null references payment_accounts (id) on delete cascade,
  token_encrypted text not null,
  -- The gateway's customer the token belongs to (Asaas tokens are per customer).
  customer_ref text,
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  expires_at timestamptz,
  created_at timestamptz not null default now()
);
create index payment_instruments_buyer_idx on payment_instruments (store_id, lower(buyer_email), created_at desc);

-- The sandbox gateway's saved cards (development, demo and tests only).
alter table payment_sandbox_transactions add column card_token text;
create index payment_sandbox_card_token_idx on payment_sandbox_transactions (card_token) where card_token is not null;
