import { describe, expect, it } from 'vitest';
import { categoryAddress, categoryTarget, isCurrentCategory } from './category-link';

const content = { id: 4, type: 'content' as const, url: null };
const external = { id: 5, type: 'url' as const, url: 'https://example.de/messe' };
const internal = { id: 6, type: 'url' as const, url: '/dienstleistungsangebote' };

describe('categoryTarget', () => {
  it('sends content nodes to their content page', () => {
    expect(categoryTarget(content)).toEqual({ kind: 'internal', to: '/content/4' });
  });

  it('opens url nodes starting with http in a new tab', () => {
    expect(categoryTarget(external)).toEqual({ kind: 'external', href: 'https://example.de/messe' });
  });

  it('navigates inside the app for other url nodes', () => {
    expect(categoryTarget(internal)).toEqual({ kind: 'internal', to: '/dienstleistungsangebote' });
    expect(categoryTarget({ id: 7, type: 'url', url: 'event' })).toEqual({ kind: 'internal', to: '/event' });
  });

  it('falls back to the content page for a url node without url', () => {
    expect(categoryTarget({ id: 8, type: 'url', url: ' ' })).toEqual({ kind: 'internal', to: '/content/8' });
  });
});

describe('categoryAddress', () => {
  it('gives absolute addresses for copying', () => {
    expect(categoryAddress(content, 'https://portal.example.de')).toBe('https://portal.example.de/content/4');
    expect(categoryAddress(external, 'https://portal.example.de')).toBe('https://example.de/messe');
    expect(categoryAddress(internal, 'https://portal.example.de')).toBe(
      'https://portal.example.de/dienstleistungsangebote',
    );
  });
});

describe('isCurrentCategory', () => {
  it('marks the node of the current page', () => {
    expect(isCurrentCategory(content, '/content/4')).toBe(true);
    expect(isCurrentCategory(content, '/content/40')).toBe(false);
    expect(isCurrentCategory(external, '/content/5')).toBe(false);
  });
});
