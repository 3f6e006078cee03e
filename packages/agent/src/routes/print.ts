import {
  barcodeLabelsInputSchema,
  externalLabelInputSchema,
  passwordLabelInputSchema,
  renderBarcodeLabels,
  renderExternalLabel,
  renderPasswordLabel,
  zplForExternalLabel,
  zplForLabels,
  zplForPasswordLabel,
} from '@sil/documents';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AgentConfig } from '../config.js';
import { AgentError } from '../errors.js';
import { print } from '../printer.js';

/** Printing endpoints of spec §7 'Local helper services'. */
export function printRoutes(app: FastifyInstance, config: AgentConfig): void {
  const options = { dpmm: config.dpmm };

  app.post('/print-barcode', async (request) => {
    const labels = parse(barcodeLabelsInputSchema, withSymbology(request.body, config));
    return print(
      config.printer,
      {
        title: `étiquettes ${labels.barcode}`,
        labels: labels.samples.length,
        zpl: () => zplForLabels(labels, options),
        pdf: () => renderBarcodeLabels(labels),
      },
      config.printerTimeoutMs,
    );
  });

  app.post('/print-barcode-external', async (request) => {
    const label = parse(externalLabelInputSchema, withSymbology(request.body, config));
    return print(
      config.printer,
      {
        title: `étiquette externe ${label.barcode}`,
        labels: 1,
        zpl: () => zplForExternalLabel(label, options),
        pdf: () => renderExternalLabel(label),
      },
      config.printerTimeoutMs,
    );
  });

  app.get('/print-password', async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    // The spec names the record id 'id' in the query; the renderer calls it recordId.
    const label = parse(
      passwordLabelInputSchema,
      { recordId: query.id, password: query.password },
      { recordId: 'id' },
    );
    return print(
      config.printer,
      {
        title: `mot de passe ${label.recordId}`,
        labels: 1,
        zpl: () => zplForPasswordLabel(label, options),
        pdf: () => renderPasswordLabel(label),
      },
      config.printerTimeoutMs,
    );
  });
}

/** The laboratory's configured symbology unless the request names one. */
function withSymbology(body: unknown, config: AgentConfig): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return { symbology: config.symbology, ...body };
}

/** Validates against the shared schema and reports every invalid field, by the request's names. */
function parse<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  names: Record<string, string> = {},
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'string' ? (names[part] ?? part) : part)).join('.'),
    message: issue.message,
  }));
  throw new AgentError('invalidLabelRequest', { issues });
}
