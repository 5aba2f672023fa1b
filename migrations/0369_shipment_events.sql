-- Issue 38's leftovers: what happened to an order's shipment besides shipped and delivered (a label cancelled, a
-- purchase that died half-way and how the sweeper finished it), shown to the merchant under the order's 'Envio'.
-- Append-only: a cancelled label's row is deleted from shipments, its history stays.
create table shipment_events (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  order_id uuid not null,
  kind text not null check (kind in ('LABEL_CANCELLED', 'LABEL_RECOVERED', 'LABEL_NOT_BOUGHT')),
  message text not null,
  created_at timestamptz not null default now()
);
create index shipment_events_order_idx on shipment_events (order_id, created_at);

-- The sweeper's scan: label purchases still 'Gerando etiqueta' past the limit (few rows, read every few minutes).
create index shipments_buying_idx on shipments (updated_at) where status = 'BUYING';
