import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Compresses answers (JSON reports, the console's pages) by the client's Accept-Encoding: brotli,
 * then gzip. Event streams are never touched: they hijack the reply and write the socket
 * themselves (http/sse.ts), so nothing sits in a compressor's buffer. The bundles are compressed
 * at build time and opt out (http/bundles.ts). Request bodies are not decompressed: no client of
 * the server sends them compressed, and a small compressed body could expand past the body limit.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_ABOVE_BYTES,
    encodings: ['br', 'gzip'],
  });
}
