export * from './default-registry';
export * from './invoice/invoice';
export * from './invoice/invoice-rules';
export * from './invoice/invoice-workflow';
export * from './support-ticket/support-ticket';
export * from './support-ticket/support-ticket-rules';
export * from './support-ticket/support-ticket-workflow';
export * from './text-input';
