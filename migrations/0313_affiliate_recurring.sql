-- Recurring commissions (issue 37): a program may pay its affiliate (and co-producers) on every paid renewal of a
-- subscription whose first order it was credited for. The attribution snapshots the flag with the commission, so a
-- later change of the program applies to subscriptions started after it.
alter table affiliate_programs add column recurring boolean not null default false;
alter table affiliate_attributions add column recurring boolean not null default false;
-- A renewal's attribution is copied from its subscription's first order (never from clicks).
alter table affiliate_attributions add column renews_order_id uuid;
