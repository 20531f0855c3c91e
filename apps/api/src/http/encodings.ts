import zlib from 'node:zlib';

/** Smaller answers fit in a packet or two either way: compressing them would only cost CPU. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli at quality 4 costs about as much CPU as gzip and still compresses JSON better. */
export const BROTLI_QUALITY = 4;

/** The encodings the server compresses answers with, in the order it prefers them. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/**
 * The encoding to send for an `Accept-Encoding` header: the acceptable one (q > 0, named or by `*`;
 * `x-gzip` is gzip) with the highest q, brotli on a tie; null when neither is acceptable.
 */
export function negotiateEncoding(header: string | undefined): AnswerEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  let best: AnswerEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of ANSWER_ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** The bytes in `encoding`, as the compression plugin would have sent them. */
export function compressAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body);
}
