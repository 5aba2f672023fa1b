-- Wakes the outbox relays when events commit (NOTIFY is delivered at commit, never for a rolled-back transaction),
-- so they no longer poll every 200 ms. One notification per statement; PostgreSQL folds repeats in a transaction.
create function outbox_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('outbox_inserted', '');
  return null;
end
$$;

create trigger outbox_notify after insert on outbox for each statement execute function outbox_notify();

-- Retention: sent events and finished embedded jobs are purged by age (platform.purge).
create index outbox_relayed_idx on outbox (relayed_at) where relayed_at is not null;
create index jobs_finished_idx on jobs (updated_at) where status in ('completed', 'failed');
