-- Reconciliation (src/modules/payments/reconcile.ts): PENDING charges are asked of the gateway again, each on its
-- own backoff, so a lost postback cannot leave a paid order PENDING.
alter table payment_transactions add column if not exists reconcile_attempts integer not null default 0;
alter table payment_transactions add column if not exists reconcile_after timestamptz;
create index if not exists payment_transactions_reconcile_idx on payment_transactions (created_at)
  where status = 'PENDING' and gateway_id is not null;
