/**
 * The JSON columns of the billing database (the `*_json` columns of schema.ts), parsed against their shapes: a
 * malformed row fails loudly. Beside the row types, as the stores and the payment sandbox both read these rows.
 */
import { z } from 'zod';
import { limitSchema } from '../../core/contract';

export const limitsJson = z.array(limitSchema);
export const featuresJson = z.array(z.string());
export const addonsJson = z.array(z.object({ price: z.string(), cost: z.number().int() }));
export const metadataJson = z.record(z.string(), z.string());

export function parseJson<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  return schema.parse(JSON.parse(text));
}
