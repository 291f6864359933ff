import Anthropic, { type APIError, type BadRequestError, toFile } from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { batchResults, batchStandin, closeStandins, waitForBatch } from './batch-test-kit';
import { documentRequest, solidPng } from './document-test-kit';

afterEach(closeStandins);

const pdfBytes = Buffer.from('%PDF-1.7\n% a file the Files API stores without reading\n');

describe('the Files API through the SDK', () => {
  it('uploads, retrieves, lists newest first page by page, and deletes', async () => {
    const { client, standin } = await batchStandin({ script: [] });
    const uploaded = await client.beta.files.upload({
      file: await toFile(pdfBytes, '/home/someone/invoices/march.pdf', { type: 'application/octet-stream' }),
    });
    expect(uploaded).toEqual({
      id: expect.stringMatching(/^file_/),
      type: 'file',
      filename: 'march.pdf',
      // Sniffed from the bytes, not the declared type.
      mime_type: 'application/pdf',
      size_bytes: pdfBytes.length,
      created_at: expect.any(String),
      downloadable: false,
      expires_at: null,
    });
    expect(await client.beta.files.retrieveMetadata(uploaded.id)).toEqual(uploaded);

    const more = [];
    for (const name of ['a.png', 'b.png', 'c.png'])
      more.push(await client.beta.files.upload({ file: await toFile(solidPng(4, 4), name) }));
    expect(more.map((file) => file.mime_type)).toEqual(['image/png', 'image/png', 'image/png']);
    const listed: string[] = [];
    for await (const file of client.beta.files.list({ limit: 3 })) listed.push(file.id);
    expect(listed).toEqual(
      [...more]
        .reverse()
        .map((file) => file.id)
        .concat(uploaded.id),
    );
    const firstPage = await client.beta.files.list({ limit: 3 });
    expect(firstPage.data).toHaveLength(3);
    expect(firstPage.hasNextPage()).toBe(true);

    expect(await client.beta.files.delete(uploaded.id)).toEqual({ id: uploaded.id, type: 'file_deleted' });
    const gone = await client.beta.files.retrieveMetadata(uploaded.id).catch((error) => error);
    expect(gone).toBeInstanceOf(Anthropic.NotFoundError);
    const listedAfter: string[] = [];
    for await (const file of client.beta.files.list()) listedAfter.push(file.id);
    expect(listedAfter).not.toContain(uploaded.id);
    expect(standin.stats.files).toEqual({
      uploaded: 4,
      deleted: 1,
      refused: 0,
      stored: 3,
      storedBytes: more.reduce((sum, file) => sum + file.size_bytes, 0),
    });
  });

  it('refuses to download an uploaded file, as the API does for files no tool made', async () => {
    const { client } = await batchStandin({ script: [] });
    const uploaded = await client.beta.files.upload({ file: await toFile(pdfBytes, 'invoice.pdf') });
    const refused = await client.beta.files.download(uploaded.id).catch((error) => error);
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    expect((refused as BadRequestError).error).toMatchObject({
      error: { type: 'invalid_request_error', details: { error_code: 'file_not_downloadable' } },
    });
  });

  it('keeps files in memory within its caps: 413 past the file size, storage_quota_exceeded past the count', async () => {
    const { client, standin } = await batchStandin({
      script: [],
      files: { maxFiles: 2, maxFileBytes: 1000 },
    });
    const tooLarge = await client.beta.files
      .upload({ file: await toFile(Buffer.alloc(1001, 0x25), 'big.pdf') })
      .catch((error) => error);
    expect(tooLarge).toBeInstanceOf(Anthropic.APIError);
    expect((tooLarge as APIError).status).toBe(413);
    await client.beta.files.upload({ file: await toFile(pdfBytes, 'one.pdf') });
    await client.beta.files.upload({ file: await toFile(pdfBytes, 'two.pdf') });
    const full = await client.beta.files
      .upload({ file: await toFile(pdfBytes, 'three.pdf') })
      .catch((error) => error);
    expect(full).toBeInstanceOf(Anthropic.BadRequestError);
    expect((full as BadRequestError).error).toMatchObject({
      error: { details: { error_code: 'storage_quota_exceeded' } },
    });
    expect(standin.stats.files).toMatchObject({ uploaded: 2, refused: 2, stored: 2 });
  });

  it('refuses an empty upload, a bad expiry and another key', async () => {
    const { client, standin } = await batchStandin({ script: [], apiKey: 'test' });
    const empty = await client.beta.files
      .upload({ file: await toFile(Buffer.alloc(0), 'empty.pdf') })
      .catch((e) => e);
    expect((empty as APIError).status).toBe(400);
    const shortLived = await client.beta.files
      .upload({ file: await toFile(pdfBytes, 'x.pdf'), expires_in_seconds: 60 })
      .catch((error) => error);
    expect((shortLived as APIError).message).toContain('expires_in_seconds');
    const dated = await client.beta.files.upload({
      file: await toFile(pdfBytes, 'x.pdf'),
      expires_in_seconds: 3600,
    });
    expect(Date.parse(dated.expires_at ?? '') - Date.parse(dated.created_at)).toBe(3_600_000);
    const stranger = new Anthropic({ apiKey: 'other', baseURL: standin.url, maxRetries: 0 });
    const denied = await stranger.beta.files.list().catch((error) => error);
    expect(denied).toBeInstanceOf(Anthropic.AuthenticationError);
  });

  it('answers a request naming a deleted or unknown file_id 404 not_found_error, in a batch entry too', async () => {
    const { client, standin } = await batchStandin({ script: [] });
    const uploaded = await client.beta.files.upload({ file: await toFile(pdfBytes, 'gone.pdf') });
    await client.beta.files.delete(uploaded.id);
    const request = documentRequest({ type: 'document', source: { type: 'file', file_id: uploaded.id } });
    const realtime = await client.messages.create(request).catch((error) => error);
    expect(realtime).toBeInstanceOf(Anthropic.NotFoundError);
    expect((realtime as APIError).error).toMatchObject({
      error: {
        type: 'not_found_error',
        message: `messages.0.content.0.source: File not found: ${uploaded.id}`,
      },
    });
    const batch = await client.messages.batches.create({
      requests: [{ custom_id: 'gone', params: request }],
    });
    await waitForBatch(client, batch.id);
    const { byId } = await batchResults(client, batch.id);
    expect(byId.get('gone')).toMatchObject({
      type: 'errored',
      error: { error: { type: 'not_found_error' } },
    });
    expect(standin.requests).toHaveLength(0);
  });
});
