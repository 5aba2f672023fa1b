-- Affiliates (issue 37): programs per product, affiliations and their clicks, the attribution of an order, the
-- commissions of a paid order and the append-only ledger their money moves through.

create table affiliate_programs (
  product_id uuid primary key,
  store_id uuid not null references stores (id) on delete cascade,
  enabled boolean not null default false,
  commission_bps integer not null check (commission_bps between 0 and 10000),
  -- null: the click counts forever
  cookie_days integer check (cookie_days is null or cookie_days >= 1),
  attribution text not null default 'LAST_CLICK' check (attribution in ('LAST_CLICK', 'FIRST_CLICK')),
  auto_approve boolean not null default false,
  -- { credit_card, pix, bank_slip }: days after the payment before a commission becomes available
  release_days jsonb not null,
  updated_at timestamptz not null default now()
);
create index affiliate_programs_store_idx on affiliate_programs (store_id);
create index affiliate_programs_open_idx on affiliate_programs (updated_at desc) where enabled;

create table affiliations (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  product_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  -- the public link's code (/a/:code): random, never derived from an id
  code text not null unique,
  status text not null check (status in ('PENDING', 'ACTIVE', 'REFUSED', 'BLOCKED')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (product_id, user_id)
);
create index affiliations_store_idx on affiliations (store_id, created_at desc);
create index affiliations_user_idx on affiliations (user_id, created_at desc);

-- One row per visit of a link. The visitor is a random id kept in a first-party cookie; the address is an HMAC.
create table affiliate_clicks (
  id uuid primary key default gen_random_uuid(),
  affiliation_id uuid not null references affiliations (id) on delete cascade,
  product_id uuid not null,
  visitor_id uuid not null,
  ip_hash text not null,
  user_agent text,
  utm jsonb not null default '{}',
  clicked_at timestamptz not null
);
create index affiliate_clicks_visitor_idx on affiliate_clicks (visitor_id, product_id, clicked_at);
create index affiliate_clicks_affiliation_idx on affiliate_clicks (affiliation_id);

-- Who an order was attributed to when it was placed, with the commission of that moment (a later change of the
-- program never touches an order placed before it).
create table affiliate_attributions (
  order_id uuid primary key,
  store_id uuid not null references stores (id) on delete cascade,
  affiliation_id uuid not null references affiliations (id) on delete cascade,
  click_id uuid not null,
  commission_bps integer not null,
  release_days jsonb not null,
  created_at timestamptz not null default now()
);

-- One share of a paid order. Its money is in the ledger; this row is the share's life (status and release date).
create table commissions (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  order_id uuid not null,
  -- the account credited: 'user:<id>' (affiliate) or 'store:<id>' (the producer's rest)
  account text not null,
  role text not null check (role in ('AFFILIATE', 'PRODUCER')),
  affiliation_id uuid references affiliations (id) on delete set null,
  amount_cents bigint not null check (amount_cents >= 0),
  reversed_cents bigint not null default 0 check (reversed_cents >= 0 and reversed_cents <= amount_cents),
  status text not null check (status in ('PENDING', 'AVAILABLE', 'PAID', 'REVERSED')),
  release_at timestamptz not null,
  released_at timestamptz,
  created_at timestamptz not null default now(),
  unique (order_id, account, role)
);
create index commissions_due_idx on commissions (release_at) where status = 'PENDING';
create index commissions_account_idx on commissions (account, created_at desc);
create index commissions_store_idx on commissions (store_id, created_at desc);

-- The ledger: a transaction groups entries that sum to zero (checked at commit); its key makes a posting idempotent
-- (the same order event posts once). Entries are never updated or deleted: a reversal is new, negative entries.
create table ledger_transactions (
  id uuid primary key default gen_random_uuid(),
  key text not null unique,
  store_id uuid not null,
  order_id uuid,
  kind text not null check (kind in ('SALE', 'RELEASE', 'REFUND', 'CHARGEBACK', 'PAYOUT', 'ADJUSTMENT')),
  created_at timestamptz not null
);
create index ledger_transactions_order_idx on ledger_transactions (order_id);

create table ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id uuid not null references ledger_transactions (id),
  store_id uuid not null,
  order_id uuid,
  commission_id uuid,
  -- 'gateway' (what the buyer paid in), 'platform' (fees), 'store:<id>', 'user:<id>'
  account text not null,
  bucket text not null check (bucket in ('NONE', 'PENDING', 'AVAILABLE', 'PAID')),
  kind text not null check (kind in ('SALE', 'FEE', 'RELEASE', 'REFUND', 'CHARGEBACK', 'PAYOUT', 'ADJUSTMENT')),
  amount_cents bigint not null,
  created_at timestamptz not null
);
create index ledger_entries_account_idx on ledger_entries (account, bucket, store_id);
create index ledger_entries_transaction_idx on ledger_entries (transaction_id);
create index ledger_entries_order_idx on ledger_entries (order_id);

create function ledger_transaction_balances() returns trigger language plpgsql as $$
begin
  if (select coalesce(sum(amount_cents), 0) from ledger_entries where transaction_id = new.transaction_id) <> 0 then
    raise exception 'ledger transaction % does not balance', new.transaction_id using errcode = '23514';
  end if;
  return null;
end $$;
create constraint trigger ledger_entries_balanced after insert on ledger_entries
  deferrable initially deferred for each row execute function ledger_transaction_balances();

create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the ledger is append-only' using errcode = '42501';
end $$;
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_append_only();
