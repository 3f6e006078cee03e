import type { ExchangeAnalysis, ExchangeResult } from '../../document.js';
import { decimal, hl7Time, interpretationCodes } from '../common.js';
import { COMMENT_CODE, INTERPRETATION_LABELS, OID, TEMPLATES, ucumUnit } from './codes.js';
import { chapterCode } from './header.js';
import type { MakeElement } from './xml.js';

const templates = (el: MakeElement, roots: readonly string[]) =>
  roots.map((root) => el('templateId', { root }));

/** The parameter's code: LOINC when it has one, the laboratory's own code always as a translation. */
function resultCode(el: MakeElement, result: ExchangeResult, root: string) {
  const local = el('translation', {
    code: result.code,
    codeSystem: `${root}.7`,
    codeSystemName: 'SIL',
    displayName: result.name,
  });
  return result.loinc
    ? el(
        'code',
        { code: result.loinc, codeSystem: OID.loinc, codeSystemName: 'LOINC', displayName: result.name },
        local,
      )
    : el('code', { nullFlavor: 'OTH' }, el('originalText', {}, result.name), local);
}

/**
 * One result: a physical quantity in UCUM (an interval for a censored value), or a text; its
 * interpretation codes (HL7 ObservationInterpretation) and its reference range in the same unit.
 */
function resultObservation(el: MakeElement, result: ExchangeResult, fallbackTime: string, root: string) {
  const unit = ucumUnit(result.unit);
  const quantity = (tag: string, value: number) => el(tag, { value: decimal(value, result.decimals), unit });
  const value =
    result.value === null
      ? el('value', { 'xsi:type': 'ST' }, result.text ?? '')
      : result.censored
        ? el(
            'value',
            { 'xsi:type': 'IVL_PQ' },
            quantity(result.censored === '<' ? 'high' : 'low', result.value),
          )
        : el('value', { 'xsi:type': 'PQ', value: decimal(result.value, result.decimals), unit });
  const ranged = result.low !== null || result.high !== null;
  return el(
    'observation',
    { classCode: 'OBS', moodCode: 'EVN' },
    ...templates(el, TEMPLATES.result),
    resultCode(el, result, root),
    el('statusCode', { code: 'completed' }),
    el('effectiveTime', { value: hl7Time(result.collectedAt) || fallbackTime }),
    value,
    ...interpretationCodes(result).map((code) =>
      el('interpretationCode', {
        code,
        displayName: INTERPRETATION_LABELS[code],
        codeSystem: OID.interpretation,
      }),
    ),
    ranged &&
      el(
        'referenceRange',
        { typeCode: 'REFV' },
        el(
          'observationRange',
          {},
          el(
            'value',
            { 'xsi:type': 'IVL_PQ' },
            result.low !== null && quantity('low', result.low),
            result.high !== null && quantity('high', result.high),
          ),
          el('interpretationCode', { code: 'N', codeSystem: OID.interpretation }),
        ),
      ),
  );
}

/** A comment entry pointing at its text in the section's narrative (`#id`). */
const commentAct = (el: MakeElement, narrativeId: string) =>
  el(
    'act',
    { classCode: 'ACT', moodCode: 'EVN' },
    ...templates(el, TEMPLATES.comment),
    el('code', { ...COMMENT_CODE, codeSystem: OID.loinc, codeSystemName: 'LOINC' }),
    el('text', {}, el('reference', { value: `#${narrativeId}` })),
    el('statusCode', { code: 'completed' }),
  );

/**
 * The coded entry of one analysis (Laboratory Report Data Processing Entry): an act of its chapter
 * holding the battery of its results, coded by its NABM act (or its local code). An analysis not
 * performed (ANE) is an aborted act and battery, with the ANE as a comment whose text is
 * `aneNarrativeId` in the narrative.
 */
export function analysisEntry(
  el: MakeElement,
  analysis: ExchangeAnalysis,
  time: string,
  /** The laboratory's OID root: its own catalogue codes go under it. */
  root: string,
  aneNarrativeId?: string,
) {
  const status = analysis.notPerformed ? 'aborted' : 'completed';
  const batteryCode =
    analysis.codeSystem === 'NABM'
      ? el('code', {
          code: analysis.code,
          codeSystem: OID.nabm,
          codeSystemName: 'NABM',
          displayName: analysis.name,
        })
      : el('code', {
          code: analysis.code,
          codeSystem: `${root}.8`,
          codeSystemName: 'SIL',
          displayName: analysis.name,
        });
  return el(
    'entry',
    { typeCode: 'DRIV' },
    ...templates(el, TEMPLATES.entry),
    el(
      'act',
      { classCode: 'ACT', moodCode: 'EVN' },
      chapterCode(el, analysis.chapter),
      el('statusCode', { code: status }),
      el(
        'entryRelationship',
        { typeCode: 'COMP' },
        el(
          'organizer',
          { classCode: 'BATTERY', moodCode: 'EVN' },
          ...templates(el, TEMPLATES.battery),
          batteryCode,
          el('statusCode', { code: status }),
          el('effectiveTime', { value: time }),
          ...analysis.results.map((result) => el('component', {}, resultObservation(el, result, time, root))),
        ),
      ),
      aneNarrativeId && el('entryRelationship', { typeCode: 'SUBJ' }, commentAct(el, aneNarrativeId)),
    ),
  );
}
