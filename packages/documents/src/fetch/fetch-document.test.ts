import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { pngHeader } from '../test-fixtures/image-fixtures';
import { startServer, tableLookup, testServerPolicy } from '../test-fixtures/local-server';
import { textPdf } from '../test-fixtures/pdf-fixtures';
import { fetchDocument } from './fetch-document';
import { DocumentFetchError, UnsafeUrlError } from './fetch-errors';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

type Routes = Record<string, (response: ServerResponse) => void>;

/** A server on 127.0.0.1 reached as `docs.example` (and every other name in `extra`), through a recording resolver. */
async function serve(routes: Routes, extra: Record<string, readonly string[]> = {}) {
  const server = await startServer((request, response) => {
    const route = routes[request.url ?? ''];
    if (route) route(response);
    else response.writeHead(404).end();
  });
  closers.push(server.close);
  const lookup = tableLookup({ 'docs.example': ['127.0.0.1'], ...extra });
  const base = `http://docs.example:${server.port}`;
  const fetchFrom = (
    path: string,
    options: { timeoutMs?: number; maxBytes?: number; maxRedirects?: number } = {},
  ) =>
    fetchDocument({
      url: `${base}${path}?token=secret`,
      allowHttp: true,
      maxBytes: options.maxBytes ?? 1_000_000,
      timeoutMs: options.timeoutMs ?? 5_000,
      maxRedirects: options.maxRedirects,
      lookup,
      addressPolicy: testServerPolicy,
    });
  return { base, lookup, fetchFrom };
}

const redirect = (location: string) => (response: ServerResponse) =>
  response.writeHead(302, { location }).end();

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the download should have failed'),
    (error: unknown) => error,
  );
}

describe('fetchDocument', () => {
  it('downloads a PDF through redirects, resolving each host once and connecting to that address', async () => {
    const pdf = await textPdf([['Invoice INV-7']]);
    const { lookup, fetchFrom } = await serve({
      '/start?token=secret': redirect('/moved'),
      '/moved': (response) => response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf),
    });
    const fetched = await fetchFrom('/start');
    expect(fetched.mediaType).toBe('application/pdf');
    expect(Buffer.from(fetched.bytes).equals(Buffer.from(pdf))).toBe(true);
    expect(fetched.redirects).toBe(1);
    expect(fetched.url).toMatch(/^http:\/\/docs\.example:\d+\/moved$/);
    // One resolution per hop, through the injected resolver only: `docs.example` exists nowhere else.
    expect(lookup.calls).toEqual(['docs.example', 'docs.example']);
  });

  it('takes the type from the bytes when the server declares a generic one', async () => {
    const { fetchFrom } = await serve({
      '/image?token=secret': (response) =>
        response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(pngHeader(10, 10)),
    });
    expect((await fetchFrom('/image')).mediaType).toBe('image/png');
  });

  it('refuses a redirect to a host that resolves to a private address', async () => {
    const { base, fetchFrom } = await serve(
      { '/start?token=secret': redirect('http://intranet.example/report.pdf') },
      { 'intranet.example': ['10.0.0.7'] },
    );
    const error = await failure(fetchFrom('/start'));
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error).toMatchObject({
      problem: 'address',
      address: '10.0.0.7',
      range: 'private',
      url: 'http://intranet.example/report.pdf',
    });
    expect(base).toContain('docs.example');
  });

  it('refuses a redirect to the metadata address and to a loopback literal', async () => {
    const { fetchFrom } = await serve({
      '/meta?token=secret': redirect('http://169.254.169.254/latest/meta-data/'),
      '/local?token=secret': redirect('http://[::1]:8080/admin'),
    });
    expect(await failure(fetchFrom('/meta'))).toMatchObject({ name: 'UnsafeUrlError', range: 'metadata' });
    expect(await failure(fetchFrom('/local'))).toMatchObject({ name: 'UnsafeUrlError', range: 'loopback' });
  });

  it('row 148: refuses every IPv6 spelling of an IPv4 address in a URL or a redirect, before any request', async () => {
    let requests = 0;
    const server = await startServer((_request, response) => {
      requests += 1;
      response.end();
    });
    closers.push(server.close);
    const port = server.port;
    const forms = [
      [`http://[::127.0.0.1]:${port}/a.pdf`, 'ipv4Compatible'],
      [`http://[::7f00:1]:${port}/a.pdf`, 'ipv4Compatible'],
      ['http://[::a9fe:a9fe]/latest/meta-data/', 'ipv4Compatible'],
      ['http://[::a00:1]/a.pdf', 'ipv4Compatible'],
      [`http://[::ffff:127.0.0.1]:${port}/a.pdf`, 'ipv4Mapped'],
      ['http://[::ffff:0:a9fe:a9fe]/a.pdf', 'rfc6145'],
      ['http://[64:ff9b::169.254.169.254]/a.pdf', 'rfc6052'],
      ['http://[64:ff9b:1::a00:1]/a.pdf', 'rfc6052'],
      ['http://[2002:7f00:1::1]/a.pdf', '6to4'],
      ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/a.pdf', 'teredo'],
    ] as const;
    const start = await startServer((request, response) => {
      const target = forms[Number(request.url?.slice(1))];
      response.writeHead(302, { location: target?.[0] ?? '/' }).end();
    });
    closers.push(start.close);
    const lookup = tableLookup({ 'docs.example': ['127.0.0.1'] });
    const options = { allowHttp: true, maxBytes: 1000, timeoutMs: 2000, lookup } as const;
    for (const [index, [url, range]] of forms.entries()) {
      const direct = await failure(fetchDocument({ url, ...options }));
      expect(direct, url).toMatchObject({ name: 'UnsafeUrlError', problem: 'address', range });
      const redirected = fetchDocument({
        url: `http://docs.example:${start.port}/${index}`,
        ...options,
        addressPolicy: testServerPolicy,
      });
      expect(await failure(redirected), url).toMatchObject({
        name: 'UnsafeUrlError',
        problem: 'address',
        range,
      });
    }
    expect(requests).toBe(0);
  });

  it('refuses a host with any internal address among its answers', async () => {
    const error = await failure(
      fetchDocument({
        url: 'https://mixed.example/a.pdf',
        maxBytes: 1000,
        timeoutMs: 1000,
        lookup: tableLookup({ 'mixed.example': ['93.184.216.34', '192.168.0.10'] }),
      }),
    );
    expect(error).toMatchObject({ name: 'UnsafeUrlError', problem: 'address', address: '192.168.0.10' });
  });

  it('refuses loopback by default, before any request', async () => {
    let requests = 0;
    const server = await startServer((_request, response) => {
      requests += 1;
      response.end();
    });
    closers.push(server.close);
    const error = await failure(
      fetchDocument({
        url: `http://127.0.0.1:${server.port}/a.pdf`,
        allowHttp: true,
        maxBytes: 1000,
        timeoutMs: 1000,
      }),
    );
    expect(error).toMatchObject({ name: 'UnsafeUrlError', problem: 'address', range: 'loopback' });
    expect(requests).toBe(0);
  });

  it('refuses schemes other than https, and http unless allowed', async () => {
    const lookup = tableLookup({});
    for (const [url, allowHttp] of [
      ['http://docs.example/a.pdf', false],
      ['ftp://docs.example/a.pdf', true],
      ['file:///etc/passwd', true],
    ] as const) {
      const error = await failure(fetchDocument({ url, allowHttp, maxBytes: 1000, timeoutMs: 1000, lookup }));
      expect(error).toMatchObject({ name: 'UnsafeUrlError', problem: 'scheme' });
    }
    expect(lookup.calls).toEqual([]);
  });

  it('refuses limits that are not positive whole numbers, naming them', async () => {
    const url = 'https://docs.example/a.pdf';
    await expect(fetchDocument({ url, maxBytes: -1, timeoutMs: 1000 })).rejects.toThrow(/maxBytes/);
    await expect(fetchDocument({ url, maxBytes: 1000, timeoutMs: 0 })).rejects.toThrow(/timeoutMs/);
    await expect(fetchDocument({ url, maxBytes: 1000, timeoutMs: 1000, maxRedirects: 100 })).rejects.toThrow(
      /maxRedirects/,
    );
  });

  it('stops following redirects past the limit', async () => {
    const { fetchFrom } = await serve({ '/loop?token=secret': redirect('/loop?token=secret') });
    const error = await failure(fetchFrom('/loop', { maxRedirects: 3 }));
    expect(error).toBeInstanceOf(DocumentFetchError);
    expect(error).toMatchObject({ problem: 'too_many_redirects' });
  });

  it('stops a body over the size cap while it streams, and refuses a declared length over it at once', async () => {
    const { fetchFrom } = await serve({
      '/stream?token=secret': (response) => {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        // A body with no end: only the cap can stop it before the deadline.
        const timer = setInterval(() => response.write(Buffer.alloc(16 * 1024, 0x25)), 1);
        response.on('close', () => clearInterval(timer));
      },
      '/declared?token=secret': (response) =>
        response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '5000000' }).end(),
    });
    expect(await failure(fetchFrom('/stream', { maxBytes: 100_000 }))).toMatchObject({
      problem: 'too_large',
    });
    expect(await failure(fetchFrom('/declared', { maxBytes: 100_000 }))).toMatchObject({
      problem: 'too_large',
    });
  });

  it('gives up at the deadline when the server is slow, across redirects', async () => {
    const { fetchFrom } = await serve({
      '/start?token=secret': redirect('/slow'),
      '/slow': (response) => {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.write('%PDF-1.7\n');
      },
    });
    const error = await failure(fetchFrom('/start', { timeoutMs: 300 }));
    expect(error).toBeInstanceOf(DocumentFetchError);
    expect(error).toMatchObject({ problem: 'timeout', message: 'the download took longer than 300 ms' });
  });

  it('refuses bytes that are not the type the server declared', async () => {
    const pdf = await textPdf([['Invoice INV-7']]);
    const { fetchFrom } = await serve({
      '/photo?token=secret': (response) => response.writeHead(200, { 'content-type': 'image/png' }).end(pdf),
      '/page?token=secret': (response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
    });
    expect(await failure(fetchFrom('/photo'))).toMatchObject({
      problem: 'content_type_mismatch',
      declaredType: 'image/png',
      detectedType: 'application/pdf',
    });
    expect(await failure(fetchFrom('/page'))).toMatchObject({
      problem: 'unsupported_type',
      declaredType: 'text/html',
    });
  });

  it('reports an error status without the URL query', async () => {
    const { fetchFrom } = await serve({});
    const error = await failure(fetchFrom('/missing'));
    expect(error).toMatchObject({ problem: 'http_status', status: 404 });
    expect((error as DocumentFetchError).url).not.toContain('secret');
  });
});
