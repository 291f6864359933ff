/**
 * How long an uploaded document lives. The Files API removes a file by itself after its
 * `expires_in_seconds` (3,600 to 7,776,000; SDK 1.12.0 `resources/beta/files.d.ts`, checked
 * 2026-11-24): Quarry uploads with {@link documentFileSettings.expiresInSeconds} and reuses the id
 * for {@link documentFileSettings.reuseSeconds} only, an hour less, so no attempt references a file
 * that is about to go. That expiry is the deletion policy: no file outlives its reuse by more than
 * the hour, and no sweep is needed.
 */
export const documentFileSettings = {
  expiresInSeconds: 24 * 3600,
  reuseSeconds: 23 * 3600,
  /** The largest document sent inline (base64) when the upload fails: its base64 stays under the 32 MB request limit. */
  maxInlineFallbackBytes: 22 * 1024 * 1024,
  /** Largest `url` document downloaded: the PDF request limit (32 MB). */
  maxDownloadBytes: 32_000_000,
  /** One deadline for a `url` document's whole download (resolution, redirects, body). */
  downloadTimeoutMs: 30_000,
} as const;
