-- A plan offering both the plain PIX and PIX Automático (issue 36): the buyer's choice at the checkout is the order's,
-- so the order page shows the mandate's QR on any device, not only in the browser that placed the order.
alter table orders add column if not exists pix_automatic boolean not null default false;
