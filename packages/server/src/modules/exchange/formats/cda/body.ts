import { BIOLOGY_CHAPTERS } from '@sil/contract';
import type { ExchangeAnalysis, ExchangeDocument } from '../../document.js';
import { hl7Time, interpretationCodes, rangeText, valueText } from '../common.js';
import { COMMENT_CODE, OID, TEMPLATES } from './codes.js';
import { analysisEntry } from './entries.js';
import { chapterCode } from './header.js';
import type { MakeElement } from './xml.js';

const HEADINGS = ['Paramètre', 'Résultat', 'Unité', 'Valeurs de référence', 'Interprétation'];

/** An analysis as a level-2 section: its narrative table (or why it was not performed) and its entry. */
function analysisSection(
  el: MakeElement,
  analysis: ExchangeAnalysis,
  index: number,
  time: string,
  root: string,
) {
  const aneId = analysis.notPerformed ? `ane-${index}` : undefined;
  const table =
    analysis.results.length > 0 &&
    el(
      'table',
      {},
      el('thead', {}, el('tr', {}, ...HEADINGS.map((heading) => el('th', {}, heading)))),
      el(
        'tbody',
        {},
        ...analysis.results.map((result) =>
          el(
            'tr',
            {},
            el('td', {}, result.name),
            el('td', {}, valueText(result)),
            el('td', {}, result.unit ?? ''),
            el('td', {}, rangeText(result)),
            el('td', {}, interpretationCodes(result).join(' ')),
          ),
        ),
      ),
    );
  const notPerformed =
    analysis.notPerformed &&
    el('paragraph', {}, 'Non réalisé : ', el('content', { ID: aneId }, analysis.notPerformed.text));
  return el(
    'component',
    {},
    el(
      'section',
      {},
      ...TEMPLATES.analysisSection.map((root) => el('templateId', { root })),
      chapterCode(el, analysis.chapter),
      el('title', {}, analysis.name),
      el('text', {}, table, notPerformed),
      analysisEntry(el, analysis, time, root, aneId),
    ),
  );
}

/** A non-coded comment section (the biologist's comments on samples, the conclusion). */
function commentSection(el: MakeElement, title: string, paragraphs: string[]) {
  return el(
    'component',
    {},
    el(
      'section',
      {},
      el('templateId', { root: TEMPLATES.commentSection }),
      el('code', { ...COMMENT_CODE, codeSystem: OID.loinc, codeSystemName: 'LOINC' }),
      el('title', {}, title),
      el('text', {}, ...paragraphs.map((paragraph) => el('paragraph', {}, paragraph))),
    ),
  );
}

/**
 * The structured body: one level-1 section per chapter in the order the record's analyses come,
 * each holding a level-2 section per analysis, then the comments and the conclusion.
 */
export function cdaBody(el: MakeElement, doc: ExchangeDocument): Element {
  const time = hl7Time(doc.record.collectedAt) || hl7Time(doc.validatedAt);
  const chapters = [...new Set(doc.analyses.map((analysis) => analysis.chapter))];
  const sections = chapters.map((chapter) =>
    el(
      'component',
      {},
      el(
        'section',
        {},
        ...TEMPLATES.chapterSection.map((root) => el('templateId', { root })),
        chapterCode(el, chapter),
        el('title', {}, BIOLOGY_CHAPTERS[chapter]),
        ...doc.analyses.flatMap((analysis, index) =>
          analysis.chapter === chapter
            ? [analysisSection(el, analysis, index, time, doc.laboratory.oidRoot)]
            : [],
        ),
      ),
    ),
  );
  if (doc.comments.length > 0)
    sections.push(
      commentSection(
        el,
        'Commentaires',
        doc.comments.map((comment) => `${comment.about} : ${comment.text}`),
      ),
    );
  if (doc.conclusion) sections.push(commentSection(el, 'Conclusion', doc.conclusion.split(/\r?\n/)));
  return el('component', {}, el('structuredBody', {}, ...sections));
}
