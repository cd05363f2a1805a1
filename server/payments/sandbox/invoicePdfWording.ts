/**
 * The words of the sandbox's invoice PDFs in the owner's language (docs/localization.md), as the provider's own
 * documents come in its customer's language. The lines keep what the sandbox billed, in the words it billed them.
 */
import type { PanelLocale } from '../../../core/rules/locales';

export interface InvoicePdfWording {
  invoice: string;
  invoiceNumber: string;
  date: string;
  status: string;
  paid: string;
  open: string;
  site: string;
  billedTo: string;
  billingContact: string;
  description: string;
  amount: string;
  subtotal: string;
  discount: string;
  creditApplied: string;
  total: string;
  amountPaid: string;
  amountDue: string;
  paidThanks: string;
  openNotPaid: string;
  sandboxNote: string;
  /** what the invoice bills, by the provider's billing reason (core/rules/invoices.ts); any other is an invoice */
  reasons: Readonly<Record<string, string>>;
}

const ENGLISH: InvoicePdfWording = {
  invoice: 'Invoice',
  invoiceNumber: 'Invoice number',
  date: 'Date',
  status: 'Status',
  paid: 'Paid',
  open: 'Open',
  site: 'Site',
  billedTo: 'Billed to',
  billingContact: 'Billing contact',
  description: 'Description',
  amount: 'Amount',
  subtotal: 'Subtotal',
  discount: 'Discount',
  creditApplied: 'Credit applied',
  total: 'Total',
  amountPaid: 'Amount paid',
  amountDue: 'Amount due',
  paidThanks: 'Paid. Thank you.',
  openNotPaid: 'Open: not yet paid.',
  sandboxNote: 'Sandbox invoice: no real payment was taken.',
  reasons: {
    subscription_create: 'New subscription',
    subscription_cycle: 'Subscription renewal',
    subscription_update: 'Plan change',
  },
};

/** pdfkit's standard fonts write Latin-1: the pseudo-locale's accents are not in it, so its documents are English. */
export const INVOICE_PDF_WORDING: Record<PanelLocale, InvoicePdfWording> = {
  en: ENGLISH,
  pseudo: ENGLISH,
  de: {
    invoice: 'Rechnung',
    invoiceNumber: 'Rechnungsnummer',
    date: 'Datum',
    status: 'Status',
    paid: 'Bezahlt',
    open: 'Offen',
    site: 'Website',
    billedTo: 'Rechnungsempfänger',
    billingContact: 'Rechnungskontakt',
    description: 'Beschreibung',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    creditApplied: 'Verrechnetes Guthaben',
    total: 'Gesamt',
    amountPaid: 'Bezahlter Betrag',
    amountDue: 'Fälliger Betrag',
    paidThanks: 'Bezahlt. Vielen Dank.',
    openNotPaid: 'Offen: noch nicht bezahlt.',
    sandboxNote: 'Sandbox-Rechnung: Es wurde keine echte Zahlung eingezogen.',
    reasons: {
      subscription_create: 'Neues Abonnement',
      subscription_cycle: 'Verlängerung des Abonnements',
      subscription_update: 'Tarifwechsel',
    },
  },
  fr: {
    invoice: 'Facture',
    invoiceNumber: 'Numéro de facture',
    date: 'Date',
    status: 'Statut',
    paid: 'Payée',
    open: 'Ouverte',
    site: 'Site',
    billedTo: 'Facturé à',
    billingContact: 'Contact de facturation',
    description: 'Description',
    amount: 'Montant',
    subtotal: 'Sous-total',
    discount: 'Remise',
    creditApplied: 'Crédit appliqué',
    total: 'Total',
    amountPaid: 'Montant payé',
    amountDue: 'Montant dû',
    paidThanks: 'Payée. Merci.',
    openNotPaid: 'Ouverte\u00a0: pas encore payée.',
    sandboxNote: 'Facture de la sandbox\u00a0: aucun paiement réel n’a été encaissé.',
    reasons: {
      subscription_create: 'Nouvel abonnement',
      subscription_cycle: 'Renouvellement de l’abonnement',
      subscription_update: 'Changement de forfait',
    },
  },
};
