-- Affiliate payouts (issue 37 item 5): what an account asked to receive by PIX. The money moves in the ledger
-- (AVAILABLE → PAID, kind PAYOUT) in the same transaction; this row is the request the admin pays.
create table affiliate_payouts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  amount_cents bigint not null check (amount_cents > 0),
  pix_key text not null,
  status text not null default 'REQUESTED' check (status in ('REQUESTED', 'PAID', 'REJECTED')),
  created_at timestamptz not null default now()
);
create index affiliate_payouts_user_idx on affiliate_payouts (user_id, created_at desc);
