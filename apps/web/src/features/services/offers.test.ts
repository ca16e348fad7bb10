import { describe, expect, it } from 'vitest';
import { SERVICE_OFFERS } from './offers';

describe('SERVICE_OFFERS', () => {
  it('should hold the ten offers of SPEC §2 with the terms SPEC gives them', () => {
    expect(SERVICE_OFFERS.map((offer) => offer.id)).toEqual([
      'weiterbildung',
      'versicherung',
      'digitalisierung',
      'foerdermittel',
      'energie',
      'fahrradleasing',
      'rechtsberatung',
      'linkedin-coaching',
      'mobilitaet',
      'automobil',
    ]);
    const byTerms = (kind: string) =>
      SERVICE_OFFERS.filter((offer) => offer.terms.kind === kind).map((offer) => offer.id);
    expect(byTerms('promoCode')).toEqual(['weiterbildung', 'fahrradleasing']);
    expect(byTerms('askNetwork')).toEqual(['mobilitaet', 'automobil']);
    expect(byTerms('noCode')).toHaveLength(6);
  });

  it('should link every offer to an https address and show a local picture', () => {
    for (const offer of SERVICE_OFFERS) {
      expect(offer.url).toMatch(/^https:\/\//);
      expect(offer.image).not.toMatch(/^https?:/);
      expect(offer.imageAlt).not.toBe('');
    }
  });
});
