-- A charge pays only its own order (issue 8). Test charges from the merchant's payment page live in their own
-- namespace that ordering ignores; every other charge was opened by ordering for the order it names.
alter table payment_transactions add column purpose text not null default 'ORDER' check (purpose in ('ORDER', 'TEST'));
update payment_transactions set purpose = 'TEST' where request -> 'metadata' ->> 'source' = 'test-ativo-pay';
-- Who is talking to the gateway about a CREATING charge, until when: the request that opened it renews the lease
-- while its call lasts; a retry or the sweeper may take a charge over only once its lease ran out (its owner died).
alter table payment_transactions add column create_lease_until timestamptz;
create index payment_transactions_creating_idx on payment_transactions (created_at) where status = 'CREATING';
create index payment_transactions_pending_expiry_idx on payment_transactions (expires_at) where status = 'PENDING';

-- A payment that lands after the order was cancelled does not revive it: the order stays CANCELLED and carries the
-- paying transaction, for the merchant to refund or fulfil.
alter table orders add column paid_after_cancel_at timestamptz;
alter table orders add column paid_after_cancel_transaction_id text;
-- The sweeper's work list: pending orders whose charge never reached the order.
create index orders_pending_uncharged_idx on orders (created_at) where status = 'PENDING' and gateway_id is null;

-- The Idempotency-Key is claimed in the order's own transaction and names the order it produced, so a retry after a
-- crash finds that order instead of waiting for an answer nobody will write.
alter table order_idempotency_keys add column order_id uuid;
create index order_idempotency_order_idx on order_idempotency_keys (order_id) where order_id is not null;
