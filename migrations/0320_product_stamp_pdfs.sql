-- Per product: PDFs the buyer downloads carry 'Licenciado para <nome> · <e-mail> · pedido #<n>' on every page.
alter table products add column stamp_pdfs boolean not null default false;
