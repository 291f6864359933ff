import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableLookup, testServerPolicy } from '../test-fixtures/local-server';
import { textPdf } from '../test-fixtures/pdf-fixtures';
import { fetchDocument } from './fetch-document';

// An HTTPS server on 127.0.0.1 with a certificate for `docs.example` only, and a plain HTTP one.
let cert: string;
let httpsPort: number;
let httpPort: number;
const closers: Array<() => void> = [];

function listen(
  server: ReturnType<typeof createServer> | ReturnType<typeof createHttpServer>,
): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'docs.example' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'docs.example' }] }],
  });
  cert = pems.cert;
  const pdf = await textPdf([['Invoice INV-7']]);
  const plain = createHttpServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf),
  );
  httpPort = await listen(plain);
  const secure = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    if (request.url === '/downgrade')
      response.writeHead(302, { location: `http://docs.example:${httpPort}/a.pdf` }).end();
    else response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
  });
  httpsPort = await listen(secure);
  closers.push(
    () => plain.closeAllConnections(),
    () => plain.close(),
    () => secure.closeAllConnections(),
    () => secure.close(),
  );
}, 60_000);

afterAll(() => {
  for (const close of closers) close();
});

const names = { 'docs.example': ['127.0.0.1'], 'wrong.example': ['127.0.0.1'] };

describe('fetchDocument over https', () => {
  it('connects to the checked address and verifies the certificate against the host name', async () => {
    const fetched = await fetchDocument({
      url: `https://docs.example:${httpsPort}/a.pdf`,
      maxBytes: 100_000,
      timeoutMs: 5_000,
      lookup: tableLookup(names),
      addressPolicy: testServerPolicy,
      ca: cert,
    });
    expect(fetched.mediaType).toBe('application/pdf');
  });

  it('refuses a certificate that does not name the host', async () => {
    const download = fetchDocument({
      url: `https://wrong.example:${httpsPort}/a.pdf`,
      maxBytes: 100_000,
      timeoutMs: 5_000,
      lookup: tableLookup(names),
      addressPolicy: testServerPolicy,
      ca: cert,
    });
    await expect(download).rejects.toMatchObject({ name: 'DocumentFetchError', problem: 'network' });
    await expect(download).rejects.toHaveProperty('cause.code', 'ERR_TLS_CERT_ALTNAME_INVALID');
  });

  it('refuses a redirect from https to http unless http is allowed', async () => {
    const options = {
      url: `https://docs.example:${httpsPort}/downgrade`,
      maxBytes: 100_000,
      timeoutMs: 5_000,
      lookup: tableLookup(names),
      addressPolicy: testServerPolicy,
      ca: cert,
    };
    await expect(fetchDocument(options)).rejects.toMatchObject({ name: 'UnsafeUrlError', problem: 'scheme' });
    expect(await fetchDocument({ ...options, allowHttp: true })).toMatchObject({
      mediaType: 'application/pdf',
      redirects: 1,
    });
  });
});
