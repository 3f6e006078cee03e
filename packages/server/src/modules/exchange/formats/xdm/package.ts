import { createHash, randomUUID } from 'node:crypto';
import { zipSync } from 'fflate';
import { readCdaHeader } from './cda-header.js';
import { xdmMetadata } from './metadata.js';

/** Where the CDA and its metadata sit in the package (IHE ITI TF-1 §16: one submission set). */
export const XDM_FILES = {
  readme: 'README.TXT',
  index: 'INDEX.HTM',
  document: 'IHE_XDM/SUBSET01/DOC0001.XML',
  metadata: 'IHE_XDM/SUBSET01/METADATA.XML',
} as const;

/** Who sends the package, for its README: the laboratory and the software. */
export interface XdmSender {
  laboratory: string;
  application: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** README.TXT: who sent it and how to open it, in the receivers' language (MSSanté is French). */
function readme(sender: XdmSender, author: string): string {
  return [
    'Emetteur :',
    `    . Nom : ${author}`,
    `    . Organisme : ${sender.laboratory}`,
    '',
    "Application de l'emetteur :",
    `    . Nom : ${sender.application}`,
    '',
    'Instructions :',
    '    . Ouvrez ce compte rendu de biologie dans votre logiciel de professionnel de santé :',
    '      IHE_XDM/SUBSET01/DOC0001.XML est le document CDA R2 (CR-BIO), METADATA.XML le décrit.',
    '',
    'Arborescence :',
    '    README.TXT',
    '    INDEX.HTM',
    '    IHE_XDM',
    '        SUBSET01',
    '            METADATA.XML',
    '            DOC0001.XML',
    '',
  ].join('\r\n');
}

function indexPage(sender: XdmSender): string {
  const laboratory = escapeHtml(sender.laboratory);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="fr" lang="fr">
<head><title>Compte rendu d'examens biologiques - ${laboratory}</title></head>
<body>
<p>Emetteur : ${laboratory}</p>
<p><a href="README.TXT">Lisez-moi</a> - <a href="IHE_XDM/SUBSET01/DOC0001.XML">Compte rendu (CDA R2)</a></p>
</body>
</html>
`;
}

/** Ids and time of a package: new for each one built, fixed by tests. */
export interface XdmOptions {
  submittedAt?: Date;
  submissionSetUuid?: string;
  documentUuid?: string;
}

/**
 * The IHE XDM package (zip) that secure health messaging (MSSanté) carries a CR-BIO in: README.TXT,
 * INDEX.HTM, and the submission set's folder holding the CDA as DOC0001.XML and METADATA.XML
 * describing it, its values read from the CDA's header, its hash (SHA-1) and size from the bytes.
 */
export function buildXdmPackage(cda: string, sender: XdmSender, options: XdmOptions = {}): Buffer {
  const document = Buffer.from(cda, 'utf8');
  const header = readCdaHeader(cda);
  const submittedAt = options.submittedAt ?? new Date();
  const metadata = xdmMetadata(header, {
    submittedAt,
    submissionSetUuid: options.submissionSetUuid ?? randomUUID(),
    documentUuid: options.documentUuid ?? randomUUID(),
    hash: createHash('sha1').update(document).digest('hex'),
    size: document.length,
    uri: 'DOC0001.XML',
  });
  const author = [header.author.given, header.author.family].filter(Boolean).join(' ');
  const text = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'));
  const zip = zipSync(
    {
      [XDM_FILES.readme]: text(readme(sender, author)),
      [XDM_FILES.index]: text(indexPage(sender)),
      [XDM_FILES.document]: new Uint8Array(document),
      [XDM_FILES.metadata]: text(metadata),
    },
    { level: 6, mtime: submittedAt },
  );
  return Buffer.from(zip);
}
