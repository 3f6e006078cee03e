import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { reasonText } from './rule-queue';
import { loadValidationTexts } from './texts';

describe('a reason a record does not pass the rules', () => {
  it('names the failure and where it is, in the screen language', async () => {
    await loadValidationTexts();
    await i18n.changeLanguage('fr');
    const t = i18n.getFixedT('fr', 'validation');
    const where = { analysis_name: 'Glycémie', sample_number: '2611230001-01', parameter_name: 'Glucose' };
    expect(reasonText({ failure: 'outOfRange', ...where }, t)).toBe(
      'Hors normes : Glucose · Glycémie · 2611230001-01',
    );
    expect(
      reasonText(
        { failure: 'patientFlagged', analysis_name: null, sample_number: null, parameter_name: null },
        t,
      ),
    ).toBe('Patient avec alerte');
    await i18n.changeLanguage('en');
    expect(
      reasonText(
        { failure: 'noRule', ...where, sample_number: null, parameter_name: null },
        i18n.getFixedT('en', 'validation'),
      ),
    ).toBe('Analysis without a rule: Glycémie');
  });
});
