// Minified, gzip (level 9) and brotli (quality 11) byte sizes of a file: what the build prints,
// what the budget test enforces and what the benchmark reports, computed one way.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export function sizes(file) {
  const buf = readFileSync(file);
  return {
    min: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
