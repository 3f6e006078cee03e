import { EXCHANGE_FILES, type ExchangeFile, type ExchangeFormat } from '@sil/contract';
import type { ExchangeDocument } from '../document.js';
import { buildCda } from './cda/index.js';
import { exchangeFileName } from './common.js';
import { buildFhir } from './fhir.js';
import { buildHl7 } from './hl7.js';
import { buildHprim } from './hprim.js';

/** The file of a document in one format: its name, media type and text. */
export function buildExchange(format: ExchangeFormat, doc: ExchangeDocument): ExchangeFile {
  const { extension, contentType } = EXCHANGE_FILES[format];
  const filename = exchangeFileName(
    `${doc.record.number}-V${doc.version}-${format.toUpperCase()}`,
    extension,
  );
  const content =
    format === 'hprim'
      ? buildHprim(doc)
      : format === 'hl7'
        ? buildHl7(doc)
        : format === 'fhir'
          ? `${JSON.stringify(buildFhir(doc), null, 2)}\n`
          : buildCda(doc);
  return { filename, content_type: contentType, content };
}
