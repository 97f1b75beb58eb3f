import { z } from 'zod';
import { zText } from './text';

// Document Management (spec document 3) and the use case Document tool (spec document 2 §3).

const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(2_147_483_647, 'is not a known id');

/** Formats the Document tool offers (spec document 2 §3); every one of them is read for text. */
export const DOCUMENT_FORMATS = ['pdf', 'docx', 'xlsx', 'txt', 'csv'] as const;
export const ZDocumentFormat = z.enum(DOCUMENT_FORMATS, { error: 'must be pdf, docx, xlsx, txt or csv' });
export type TDocumentFormat = z.infer<typeof ZDocumentFormat>;

/** The Document tool's configuration and its defaults (spec document 2 §3). */
export const ZDocumentToolConfig = z.object({
  allowedFormats: z.array(ZDocumentFormat).default(['pdf', 'docx']),
  /** Megabytes, 1–100. */
  maxFileSize: z.coerce.number().int().min(1).max(100).default(10),
  extractMetadata: z.boolean().default(true),
  processImages: z.boolean().default(false),
});
export type TDocumentToolConfig = z.infer<typeof ZDocumentToolConfig>;
export const DOCUMENT_TOOL_DEFAULTS: TDocumentToolConfig = {
  allowedFormats: ['pdf', 'docx'],
  maxFileSize: 10,
  extractMetadata: true,
  processImages: false,
};
/** The largest file the Document tool allows (its range is 1–100 MB); uploads outside a use case may be this large. */
export const DOCUMENT_MAX_MB = 100;

/** A use case's Document tool limits from its saved configuration (bad or missing values fall back to the defaults). */
export function documentToolConfigOf(
  configurations: Record<string, unknown> | null | undefined,
): TDocumentToolConfig {
  const raw = configurations?.document;
  const parsed = ZDocumentToolConfig.safeParse(raw && typeof raw === 'object' ? raw : {});
  if (!parsed.success) return DOCUMENT_TOOL_DEFAULTS;
  return parsed.data.allowedFormats.length
    ? parsed.data
    : { ...parsed.data, allowedFormats: DOCUMENT_TOOL_DEFAULTS.allowedFormats };
}

export const DOCUMENT_CATEGORIES = ['strategy', 'analytics', 'ai/ml', 'research'] as const;
export const ZDocumentCategory = z.enum(DOCUMENT_CATEGORIES, {
  error: 'category must be strategy, analytics, ai/ml or research',
});
export type TDocumentCategory = z.infer<typeof ZDocumentCategory>;

export const DOCUMENT_STATUSES = ['processing', 'ready', 'failed'] as const;
export type TDocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Folder colours offered by the screen (any #rrggbb is accepted). */
export const FOLDER_COLORS = [
  '#3b82f6',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#8b5cf6',
  '#ec4899',
  '#64748b',
] as const;

export const ZDocumentFolder = z
  .object({
    id: z.number(),
    name: z.string(),
    color: z.string(),
    documentCount: z.number(),
  })
  .meta({ id: 'DocumentFolder' });
export type TDocumentFolder = z.infer<typeof ZDocumentFolder>;

export const ZFolderInput = z.object({
  name: zText('Folder name is required')
    .trim()
    .min(1, 'Folder name is required')
    .max(100, 'Folder name is too long (100 characters at most)'),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'color must be a #rrggbb colour')
    .default(FOLDER_COLORS[0]),
});
export type TFolderInput = z.infer<typeof ZFolderInput>;
export const ZFolderUpdate = ZFolderInput.partial();

/** A page whose text matched a search, with the matching words marked by \u0002 … \u0003. */
export const ZDocumentMatch = z.object({ page: z.number(), snippet: z.string() });

export const ZDocument = z
  .object({
    id: z.number(),
    name: z.string(),
    type: ZDocumentFormat,
    mimeType: z.string(),
    /** Bytes. */
    size: z.number(),
    folder: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
    category: ZDocumentCategory.nullable(),
    /** The people a restricted document is shared with (its uploader always sees it). */
    sharedWith: z.array(z.object({ id: z.number(), name: z.string() })),
    isRestricted: z.boolean(),
    uploadedDate: z.string(),
    uploadedBy: z.string(),
    uploadedById: z.number(),
    /** processing → ready, or failed with `error` saying why. */
    status: z.enum(DOCUMENT_STATUSES),
    error: z.string().nullable(),
    /** Pages of a PDF; sections of about 3,000 characters for other formats. */
    pageCount: z.number(),
    /** Use cases the document belongs to (those the caller may see). */
    useCases: z.array(z.object({ id: z.number(), name: z.string() })),
    /** Whether the caller may share, move, link or delete it (its uploader, or an administrator). */
    canManage: z.boolean(),
    /** With a search: the best matching pages. */
    matches: z.array(ZDocumentMatch).optional(),
  })
  .meta({ id: 'Document' });
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentListQuery = z.object({
  search: zText('search must be text').max(500, 'search is too long (500 characters at most)').optional(),
  category: z.union([z.literal('all'), ZDocumentCategory]).default('all'),
  folder_id: id.optional(),
  use_case_id: id.optional(),
});
export type TDocumentListQuery = z.infer<typeof ZDocumentListQuery>;

export const ZDocumentList = z.object({ documents: z.array(ZDocument) });
export type TDocumentList = z.infer<typeof ZDocumentList>;

export const ZDocumentUpdate = z.object({
  name: zText('Name is required')
    .trim()
    .min(1, 'Name is required')
    .max(255, 'Name is too long (255 characters at most)')
    .optional(),
  folderId: id.nullable().optional(),
  category: ZDocumentCategory.nullable().optional(),
});
export type TDocumentUpdate = z.infer<typeof ZDocumentUpdate>;

export const ZDocumentSharing = z.object({
  isRestricted: z.boolean({ error: 'isRestricted must be true or false' }),
  /** User ids of the organisation; ignored when the document is not restricted. */
  sharedWith: z.array(id).max(500).default([]),
});
export type TDocumentSharing = z.infer<typeof ZDocumentSharing>;

export const ZDocumentPages = z.object({
  pages: z.array(z.object({ page: z.number(), text: z.string() })),
  /** True when only the first pages were returned. */
  truncated: z.boolean(),
});
export type TDocumentPages = z.infer<typeof ZDocumentPages>;

export const ZShareCandidates = z.object({
  users: z.array(z.object({ id: z.number(), name: z.string(), username: z.string() })),
});
export type TShareCandidates = z.infer<typeof ZShareCandidates>;

/** The pdf card of spec document 1 §2.8: opens `pdfUrl` in the side panel at `page_number`. */
export const ZPdfCardData = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  pdfUrl: z.string().optional(),
  url: z.string().optional(),
  label: z.string().optional(),
  page_number: z.number().int().min(1).default(1),
  source_id: z.number().int().default(0),
});
export const ZPdfCard = z.object({ type: z.literal('pdf'), data: ZPdfCardData }).meta({ id: 'PdfCard' });
export type TPdfCard = z.infer<typeof ZPdfCard>;

export const documentFileUrl = (documentId: number) => `/api/copilot/documents/${documentId}/file`;
