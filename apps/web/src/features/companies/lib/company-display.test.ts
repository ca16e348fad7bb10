import { describe, expect, it } from 'vitest';
import { placeLine, placeOf, websiteOf } from './company-display';

describe('what a card says of a company', () => {
  it('should name PLZ, Ort and Bundesland as far as known', () => {
    expect(placeLine({ postalCode: '80331', city: 'München', state: 'BY' })).toBe('80331 München · Bayern');
    expect(placeLine({ postalCode: null, city: 'Köln', state: null })).toBe('Köln');
    expect(placeLine({ postalCode: null, city: null, state: 'TH' })).toBe('Thüringen');
    expect(placeLine({ postalCode: null, city: null, state: null })).toBeNull();
    expect(placeOf({ postalCode: '01067', city: null })).toBe('01067');
  });

  it('should link only http and https websites and show them without the scheme', () => {
    expect(websiteOf('https://www.glas-mueller.de/')).toEqual({
      href: 'https://www.glas-mueller.de/',
      label: 'www.glas-mueller.de',
    });
    expect(websiteOf('javascript:alert(1)')).toBeNull();
  });
});
