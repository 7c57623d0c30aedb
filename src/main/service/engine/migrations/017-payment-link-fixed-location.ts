// Schema v17: a payment link's fixed location (fixedLocation). The printed code of a till ("Woovi
// QR": the charges of one paymentLinkID created with fixedLocation share one QR) belongs to the
// link, not to whichever charge happened to make it: until now the next charge found the code on
// the link's newest fixedLocation charge, so deleting every charge of the link (a cancelled sale)
// lost it, and the next charge got a new code the sticker on the counter no longer matched.
//
// The link keeps the location and the code its first shareable charge got. Links stored before
// this migration have none yet: their next charge finds the code on their newest fixedLocation
// charge as before (charge-handlers.ts), and the link keeps it from then on.
export const paymentLinkFixedLocationSchema = /* sql */ `
ALTER TABLE payment_links ADD COLUMN fixed_location_id TEXT;
ALTER TABLE payment_links ADD COLUMN fixed_br_code TEXT;
`;
