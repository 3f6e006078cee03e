import { describe, expect, it } from 'vitest';
import { authorSpecialtyOf, isIdentifiedRoot, laboratoryOidRoot } from './laboratory-oid.js';

describe("the laboratory's OID root and author specialty (decision 0029)", () => {
  it('takes the registered OID first, then the FINESS under the FINESS OID, else the placeholder', () => {
    expect(laboratoryOidRoot({ oid_root: '1.2.250.1.999.42', finess: '750000001' })).toBe('1.2.250.1.999.42');
    expect(laboratoryOidRoot({ finess: '750000001' })).toBe('1.2.250.1.71.4.2.2.750000001');
    expect(laboratoryOidRoot({})).toBe('1.2.250.1.999.1');
    expect(isIdentifiedRoot(laboratoryOidRoot({}))).toBe(false);
    expect(isIdentifiedRoot(laboratoryOidRoot({ finess: '750000001' }))).toBe(true);
  });

  it('writes a FINESS with a leading zero as a number, since an OID arc has none', () => {
    expect(laboratoryOidRoot({ finess: '010000024' })).toBe('1.2.250.1.71.4.2.2.10000024');
  });

  it('ignores a registered OID that is not one (a leading zero, letters)', () => {
    expect(laboratoryOidRoot({ oid_root: '1.2.250.01', finess: '750000001' })).toBe(
      '1.2.250.1.71.4.2.2.750000001',
    );
    expect(laboratoryOidRoot({ oid_root: 'lab.fr' })).toBe('1.2.250.1.999.1');
  });

  it("names the biologists by the laboratory's specialty code, a medical biologist by default", () => {
    expect(authorSpecialtyOf({ author_specialty: 'G15_21/G' })).toEqual({
      code: 'G15_21/G',
      label: 'Pharmacien biologiste',
    });
    expect(authorSpecialtyOf({ author_specialty: 'SM99' }).code).toBe('G15_10/SM03');
    expect(authorSpecialtyOf({}).code).toBe('G15_10/SM03');
  });
});
