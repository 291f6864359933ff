import type { Random } from '../random';
import type { InvoiceDraft } from './draft-invoice';
import type { LayoutName } from './invoice-parties';
import { classicLayout } from './layouts/classic-layout';
import { emailLayout } from './layouts/email-layout';
import { freelancerLayout } from './layouts/freelancer-layout';
import { frenchLayout } from './layouts/french-layout';
import { germanLayout } from './layouts/german-layout';
import { japanLayout } from './layouts/japan-layout';
import { ocrLayout } from './layouts/ocr-layout';
import { pipeTableLayout } from './layouts/pipe-table-layout';
import { saasLayout } from './layouts/saas-layout';
import { ukVatLayout } from './layouts/uk-vat-layout';

/** Renders a draft as document text. */
export type InvoiceLayout = (draft: InvoiceDraft, random: Random) => string;

/** Every layout by name. */
export const INVOICE_LAYOUTS: Record<LayoutName, InvoiceLayout> = {
  classic: classicLayout,
  'pipe-table': pipeTableLayout,
  freelancer: freelancerLayout,
  email: emailLayout,
  saas: saasLayout,
  'uk-vat': ukVatLayout,
  german: germanLayout,
  french: frenchLayout,
  japan: japanLayout,
  ocr: ocrLayout,
};
