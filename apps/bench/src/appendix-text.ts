const clauses = [
  'Payment is due within the period stated on the invoice. Late payments may incur interest at the statutory rate.',
  'Goods remain the property of the supplier until paid in full. Risk passes on delivery to the address given.',
  'Claims for damaged or missing items must be made in writing within fourteen days of delivery.',
  'Services are provided with reasonable skill and care. Estimates are not binding unless agreed in writing.',
  'Either party may terminate the agreement on thirty days written notice. Accrued fees remain payable.',
  'Liability is limited to the amount paid for the goods or services giving rise to the claim.',
  'Personal data is processed in line with the privacy notice published on the supplier website.',
  'This agreement is governed by the laws of the country in which the supplier is registered.',
];

/**
 * Boilerplate pages of terms and conditions of about `characters` characters, to append to a
 * document: a long document whose data sits on its first page, as with many real invoices.
 */
export function termsAppendix(characters: number): string {
  const parts = ['\n\nTERMS AND CONDITIONS OF SALE\n'];
  let length = parts[0]?.length ?? 0;
  for (let i = 0; length < characters; i += 1) {
    const clause = `${i + 1}. ${clauses[i % clauses.length]}\n`;
    parts.push(clause);
    length += clause.length;
  }
  return parts.join('');
}
