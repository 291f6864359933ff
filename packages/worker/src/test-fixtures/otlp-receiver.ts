import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span an OTLP/HTTP JSON export carried, decoded. */
export interface ReceivedSpan {
  readonly service: string;
  readonly traceId: string;
  readonly spanId: string;
  /** Empty for a root span. */
  readonly parentSpanId: string;
  readonly name: string;
  /** OTLP span kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  readonly kind: number;
  readonly links: readonly { readonly traceId: string; readonly spanId: string }[];
  readonly attributes: Readonly<Record<string, unknown>>;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  readonly status: number;
}

/** An OTLP/HTTP endpoint of a test: `url` for `OTEL_EXPORTER_OTLP_ENDPOINT`, what it received in `spans`. */
export interface OtlpReceiver {
  readonly url: string;
  readonly spans: readonly ReceivedSpan[];
  close(): Promise<void>;
}

interface OtlpValue {
  readonly stringValue?: string;
  readonly intValue?: number | string;
  readonly doubleValue?: number;
  readonly boolValue?: boolean;
  readonly arrayValue?: { readonly values?: readonly OtlpValue[] };
}
interface OtlpKeyValue {
  readonly key: string;
  readonly value: OtlpValue;
}
interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes?: readonly OtlpKeyValue[];
  readonly links?: readonly { readonly traceId: string; readonly spanId: string }[];
  readonly status?: { readonly code?: number };
}
interface OtlpExport {
  readonly resourceSpans?: readonly {
    readonly resource?: { readonly attributes?: readonly OtlpKeyValue[] };
    readonly scopeSpans?: readonly { readonly spans?: readonly OtlpSpan[] }[];
  }[];
}

function otlpValue(value: OtlpValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(otlpValue);
  return undefined;
}

function attributesOf(attributes: readonly OtlpKeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((attributes ?? []).map(({ key, value }) => [key, otlpValue(value)]));
}

function decode(body: OtlpExport): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind,
        links: (span.links ?? []).map((link) => ({ traceId: link.traceId, spanId: link.spanId })),
        attributes: attributesOf(span.attributes),
        status: span.status?.code ?? 0,
      })),
    );
  });
}

/**
 * Starts an OTLP/HTTP receiver on 127.0.0.1 that decodes JSON exports of `POST /v1/traces`
 * (the OpenTelemetry JS exporter's default encoding). `answer: false` makes it a black hole: it
 * reads each export and never answers, like a collector that hangs.
 */
export async function startOtlpReceiver(options: { readonly answer?: boolean } = {}): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const pending = new Set<ServerResponse>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        spans.push(...decode(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport));
      }
      if (options.answer === false) {
        pending.add(response);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    async close() {
      for (const response of pending) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
