-- Funnels (issue 34), what the first version left out:
-- * SOLD_OUT: the step's stock was gone when the buyer tapped; nothing was charged and the buyer moved on to the
--   step's 'se recusar'. An outcome of its own so the stats count it neither as an accept nor as a decline.
-- * refunded_cents: everything refunded (or charged back) of the child so far, from order.refunded; the step's
--   revenue is paid_cents - refunded_cents. Set to the order's running total, never added, so a repeated or late
--   event changes nothing.
-- * idempotency_key / request_fingerprint: the accept's Idempotency-Key and the body it came with, so a retry with
--   the same key gets the same answer and the same key with another body is refused. A key names one accept per
--   parent order.
alter table funnel_step_events drop constraint if exists funnel_step_events_outcome_check;
alter table funnel_step_events
  add constraint funnel_step_events_outcome_check check (outcome in ('PLACING', 'PLACED', 'REFUSED', 'SOLD_OUT'));
alter table funnel_step_events add column if not exists refunded_cents bigint not null default 0;
alter table funnel_step_events add column if not exists idempotency_key text;
alter table funnel_step_events add column if not exists request_fingerprint text;
create unique index if not exists funnel_step_events_key on funnel_step_events (parent_order_id, idempotency_key)
  where idempotency_key is not null;
