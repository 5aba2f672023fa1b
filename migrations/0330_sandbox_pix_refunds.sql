-- The built-in sandbox's refunds of PIX Automático payments (issue 36: a PIX Automático order refunded by the
-- merchant): the QR's first payment (named by its authorisation) or a debited recurring charge, partly or wholly.
create table payment_sandbox_pix_refunds (
  id text primary key,
  -- sha256 of the merchant's key (as payment_sandbox_transactions.account): never the key itself.
  api_key text not null,
  payment_id text not null,
  amount_cents integer not null check (amount_cents > 0),
  external_ref text,
  created_at timestamptz not null default now()
);
create index payment_sandbox_pix_refunds_payment_idx on payment_sandbox_pix_refunds (payment_id);
-- A repeated request with the same reference is the same refund.
create unique index payment_sandbox_pix_refunds_ref_idx on payment_sandbox_pix_refunds (api_key, external_ref)
  where external_ref is not null;
