/** Deadline and size cap of one `url` source download. */
const urlSourceLimits = { timeoutMs: 10_000, maxBytes: 32 * 1024 * 1024 } as const;

/**
 * Downloads a `url` source as the API does before reading it: one deadline for the whole
 * download, a size cap, a 2xx status. Returns the bytes, or a sentence saying why not.
 */
export async function fetchSource(url: string, signal: AbortSignal): Promise<Buffer | string> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(urlSourceLimits.timeoutMs)]),
      redirect: 'follow',
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return `Unable to download the file at ${url}: status ${response.status}`;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > urlSourceLimits.maxBytes) {
        await response.body.cancel().catch(() => undefined);
        return `The file at ${url} exceeds ${urlSourceLimits.maxBytes} bytes`;
      }
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch (error) {
    return `Unable to download the file at ${url}: ${(error as Error).name}`;
  }
}
