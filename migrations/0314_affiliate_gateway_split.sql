-- Split at charge time (issue 37): a partner's Asaas wallet, the parts a charge asked the gateway to pay, and the
-- shares the gateway paid (they never reach the partner's withdrawable balance: the ledger moves them to PAID).
create table affiliate_payout_settings (
  user_id uuid primary key references users (id) on delete cascade,
  asaas_wallet_id uuid,
  updated_at timestamptz not null default now()
);
create table affiliate_gateway_splits (
  order_id uuid not null,
  account text not null,
  wallet_id uuid not null,
  amount_cents bigint not null check (amount_cents > 0),
  created_at timestamptz not null default now(),
  primary key (order_id, account)
);
alter table commissions add column gateway_wallet_id uuid;
