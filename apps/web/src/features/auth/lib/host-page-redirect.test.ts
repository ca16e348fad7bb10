import { describe, expect, it } from 'vitest';
import { type HostPageVisit, hostPageRedirect } from './host-page-redirect';

const VISIT: HostPageVisit = {
  hostPageUrl: 'https://verband.example/mitglieder?bereich=portal',
  framed: false,
  formAllowed: false,
  requested: '/forum/3/thread/12?page=2',
};

describe('hostPageRedirect (issue 31)', () => {
  it('should send a visit of the portal without a session to the host page, keeping the target', () => {
    expect(hostPageRedirect(VISIT)).toBe(
      'https://verband.example/mitglieder?bereich=portal&portal=/forum/3/thread/12%3Fpage%3D2',
    );
  });

  it('should send a visit without a target to the host page alone', () => {
    expect(hostPageRedirect({ ...VISIT, requested: null })).toBe(
      'https://verband.example/mitglieder?bereich=portal',
    );
  });

  it('should keep the login page without a host page, inside a frame and where the form is offered', () => {
    expect(hostPageRedirect({ ...VISIT, hostPageUrl: null })).toBeNull();
    expect(hostPageRedirect({ ...VISIT, framed: true })).toBeNull();
    expect(hostPageRedirect({ ...VISIT, formAllowed: true })).toBeNull();
  });
});
