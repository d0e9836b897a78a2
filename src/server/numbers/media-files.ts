import { z } from 'zod';

const media = { name: z.string().min(1).max(255), duration_s: z.number().int().min(0), size: z.number().int().min(0) };

/** The media files of a seed (config/telephony-seed.ts) or of `npm run import-media` (media-command.ts). */
export const SystemMediaFile = z.strictObject(media);
export const CustomerMediaFile = z.strictObject({
  customer_id: z.number().int().positive(),
  ...media,
  is_normalize: z.boolean().default(false),
});
