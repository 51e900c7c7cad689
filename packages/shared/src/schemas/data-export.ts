import { z } from 'zod';

/** Exports one member may ask for per this many hours. */
export const EXPORT_EVERY_HOURS = 24;
/** Hours a prepared export can be downloaded (once). */
export const EXPORT_KEPT_HOURS = 24;

/** A member's "download my data" request as the app shows it. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'downloaded', 'failed']),
  /** 0 to 100 while it is prepared. */
  progress: z.number().int().min(0).max(100),
  created_at: z.string(),
  /** Until when the file can be downloaded (when ready). */
  expires_at: z.string().nullable(),
  /** Where to download it once, with the session (when ready). */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportResponseSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportResponse = z.infer<typeof dataExportResponseSchema>;

/** `GET /api/export.php`: the latest export's state, or `?download=` its file. */
export const dataExportQuerySchema = z.object({ download: z.string().max(100).optional() });
