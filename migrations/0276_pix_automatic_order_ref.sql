-- PIX Automático pays orders (issue 36): the order a mandate's QR pays (its first charge) or a recurring charge pays
-- (a subscription's renewal), keyed by our payment_pix_authorizations.id / payment_pix_charges.id. When the gateway
-- reports them paid, payments records a PAID transaction for that order and announces it like any charge, so
-- ordering marks the order PAID through its one usual path. A table of its own (no foreign key): this migration
-- runs before 0280 creates the PIX Automático tables on a fresh database.
create table payment_pix_order_refs (
  pix_id uuid primary key,
  order_ref uuid not null,
  created_at timestamptz not null default now()
);
